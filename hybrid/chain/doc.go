// Package chain holds chains and labelled steps, and reads them: one
// decoder per input format (processbench, prmbench, mrgsm8k, trl, gsm8k,
// and text for plain text and Markdown) behind a detection table; Rows
// gives the raw rows of a JSON Lines file to readers of fields no format
// decodes (training's reference solutions, label's gold answers).
//
// Read and Decode detect the format from the content unless one is forced:
// JSON Lines streams a row at a time (each row capped at MaxRowBytes), a
// JSON array or a stream of pretty-printed objects and text are read whole
// (capped at MaxWholeFileBytes). The first decoder whose marker fields a
// row holds (present and not null) reads it, and the rest of the file
// follows that first row. A row that cannot be read is a RowError with its
// file and line, and the other rows are still returned; a known flaw of a
// published data set is a DataQuirk beside a chain that is returned.
//
// ExampleDecode and ExampleDecode_markdown show a JSON Lines and a
// Markdown input.
package chain

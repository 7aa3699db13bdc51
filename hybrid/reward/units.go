package reward

// The quantities a problem's words name: number words, and the constants its units leave
// unsaid.

var wordValues = map[string][]string{
	"one": {"1"}, "two": {"2"}, "three": {"3"}, "four": {"4"}, "five": {"5"}, "six": {"6"},
	"seven": {"7"}, "eight": {"8"}, "nine": {"9"}, "ten": {"10"}, "eleven": {"11"}, "twelve": {"12"},
	"fifteen": {"15"}, "twenty": {"20"}, "thirty": {"30"}, "forty": {"40"}, "fifty": {"50"},
	"hundred": {"100"}, "thousand": {"1000"}, "dozen": {"12"}, "half": {"2", "1/2"}, "twice": {"2"},
	"double": {"2"}, "triple": {"3"}, "thrice": {"3"}, "quarter": {"4", "1/4"}, "third": {"3", "1/3"},
	"fourth": {"4", "1/4"}, "fifth": {"5", "1/5"}, "sixth": {"6", "1/6"}, "seventh": {"7", "1/7"},
	"eighth": {"8", "1/8"}, "ninth": {"9", "1/9"}, "tenth": {"10", "1/10"},
}

// unitConstants are quantities a problem leaves unsaid when it names their unit (60 when it
// speaks of minutes): known without being written, but a relation among them alone does not
// work on the problem. A unit is a word of the problem (lower-cased, a plural's s dropped) or
// a symbol in it.
var unitConstants = []struct {
	units, symbols []string
	values         []string
}{
	{[]string{"minute", "second", "hour"}, nil, []string{"60", "3600"}},
	{[]string{"hour", "day"}, nil, []string{"24"}},
	{[]string{"week", "day"}, nil, []string{"7"}},
	{[]string{"month", "year", "dozen", "foot", "feet", "inch", "inche"}, nil, []string{"12"}},
	{[]string{"week", "year"}, nil, []string{"52"}},
	{[]string{"year", "day"}, nil, []string{"365"}},
	{[]string{"month", "day"}, nil, []string{"30", "31"}},
	{[]string{"percent", "cent", "cm", "centimeter", "centimetre", "meter", "metre", "dollar"}, []string{"%", "$"}, []string{"100"}},
	{[]string{"thousand", "kilogram", "kilometer", "milliliter", "millimeter", "kg", "km", "ml", "liter", "litre", "gram"}, nil, []string{"1000"}},
	{[]string{"ounce", "pound"}, nil, []string{"16"}},
	{[]string{"yard", "feet", "foot"}, nil, []string{"3"}},
	{[]string{"quarter"}, nil, []string{"25"}},
	{[]string{"dime"}, nil, []string{"10"}},
	{[]string{"nickel"}, nil, []string{"5"}},
	{[]string{"degree", "angle", "triangle"}, []string{"\\circ"}, []string{"180", "360", "90"}},
}

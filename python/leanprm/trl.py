"""TRL GRPO: pass ``leanprm_reward`` (or ``leanprm_reward_async``) in ``reward_funcs``.

GRPOTrainer calls a reward function with ``prompts``, ``completions`` (strings, or chat
messages in a conversational data set), ``completion_ids`` and every other column of the data
set as keyword arguments, and reads a list of floats, ``None`` for a sample it should skip.
The gold answer is the column named by ``$LEANPRM_LABEL_KEY``, else the first of
``ground_truth``, ``answer``, ``solution``, ``label`` the data set has; without one the
response's process alone is paid."""

import os
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from leanprm.client import default_client  # noqa: E402

LABEL_KEYS = ("ground_truth", "answer", "solution", "label")


def _text(x):
    """A prompt or completion as text: a string, or the contents of chat messages."""
    if isinstance(x, str):
        return x
    if isinstance(x, dict):
        return str(x.get("content", ""))
    if isinstance(x, (list, tuple)):
        return "\n".join(_text(m) for m in x)
    return str(x)


def _labels(kwargs, n):
    key = os.environ.get("LEANPRM_LABEL_KEY", "")
    keys = (key,) if key else LABEL_KEYS
    for k in keys:
        column = kwargs.get(k)
        if column is not None:
            return list(column)
    return [None] * n


def _request(prompts, completions, kwargs):
    ps = [_text(p) for p in prompts]
    return [p + _text(c) for p, c in zip(ps, completions)], ps, _labels(kwargs, len(completions))


def _rewards(answer):
    """The rewards, None for an item the server flagged as failed (a failure is never a
    reward: GRPOTrainer skips it)."""
    failed = (answer.get("extra_logs") or {}).get("leanprm_item_error") or []
    out = []
    for i, r in enumerate(answer["rewards"]):
        out.append(None if i < len(failed) and failed[i] else float(r))
    return out


def leanprm_reward(prompts, completions, **kwargs):
    return _rewards(default_client().get_reward(*_request(prompts, completions, kwargs)))


async def leanprm_reward_async(prompts, completions, **kwargs):
    return _rewards(await default_client().aget_reward(*_request(prompts, completions, kwargs)))

"""verl: ``custom_reward_function.path`` names this file, ``custom_reward_function.name``
``compute_score`` (or ``compute_score_async`` for verl's asynchronous reward loop).

verl calls ``compute_score(data_source, solution_str, ground_truth, extra_info=None)``, as it
calls its ``default_compute_score``, and reads a dict's ``"score"`` as the reward and its other
keys as extra info to log; here they are /get_reward's per-item columns (``leanprm_*``), each a
number."""

import os
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from leanprm.client import default_client  # noqa: E402


def _prompt(extra_info):
    """The problem, when verl's data carries it in extra_info ("question", "problem",
    "prompt"); without it the response is scored alone."""
    if isinstance(extra_info, dict):
        for key in ("question", "problem", "prompt"):
            value = extra_info.get(key)
            if isinstance(value, str):
                return value
    return ""


def _score(answer):
    out = {"score": float(answer["rewards"][0])}
    for key, column in (answer.get("extra_logs") or {}).items():
        out[key] = float(column[0])
    return out


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    prompt = _prompt(extra_info)
    return _score(default_client().get_reward([prompt + solution_str], [prompt], [ground_truth]))


async def compute_score_async(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    prompt = _prompt(extra_info)
    return _score(await default_client().aget_reward([prompt + solution_str], [prompt], [ground_truth]))

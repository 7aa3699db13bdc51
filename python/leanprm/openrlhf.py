"""OpenRLHF: give this file's path as ``--reward.remote_url`` (``--remote_rm_url`` in older
versions); OpenRLHF loads it by path and calls ``reward_func(queries, prompts, labels)`` once
per sample, where ``queries`` are prompt and response decoded together. The answer is the
one /get_reward gives an OpenRLHF client: rewards, scores and extra_logs. (Or give the
server's /get_reward URL itself: the same answer, without Python.)"""

import os
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from leanprm.client import default_client  # noqa: E402


def reward_func(queries, prompts, labels, **kwargs):
    return default_client().get_reward(queries, prompts, labels)

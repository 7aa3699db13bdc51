"""leanprm's rewards where RL frameworks call them, with the Python standard library only.

Put the repository's ``python`` directory on ``PYTHONPATH`` and set ``LEANPRM_URL`` to a running
``leanprm serve`` (for example ``http://127.0.0.1:8080``). Each framework's adapter:

- verl: ``leanprm.verl.compute_score`` (``custom_reward_function``);
- TRL GRPO: ``leanprm.trl.leanprm_reward`` and ``leanprm.trl.leanprm_reward_async``;
- OpenRLHF: ``python/leanprm/openrlhf.py`` as ``--reward.remote_url`` (``reward_func``);
- slime: no Python needed, ``--rm-url $LEANPRM_URL/reward --reward-key reward``.

A failure is never a reward: a server that keeps answering 503 (no worker, an item that could
not be scored) or cannot be reached raises ``LeanprmUnavailable`` after its retries.
"""

from leanprm.client import Client, LeanprmError, LeanprmUnavailable, default_client

__all__ = ["Client", "LeanprmError", "LeanprmUnavailable", "default_client"]

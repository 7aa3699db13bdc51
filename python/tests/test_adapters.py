"""The adapters, called the way each framework calls them, against a real ``leanprm serve``
(LEANPRM_URL; cmd/leanprm's TestPythonAdapters starts it). Each test names the upstream file
whose call it imitates:

- verl (volcengine/verl b178a3cd5): verl/utils/reward_score/__init__.py (default_compute_score's
  arguments), verl/trainer/ppo/reward.py (get_custom_reward_fn loads custom_reward_function.path
  and .name), verl/workers/reward_manager/naive.py (a dict's "score" is the reward, its other
  keys reward_extra_info);
- TRL (huggingface/trl f2cd57710): trl/trainer/grpo_trainer.py (reward_func(prompts=...,
  completions=..., completion_ids=..., **reward_kwargs); None read as NaN; an async def awaited
  with asyncio.gather);
- OpenRLHF (OpenRLHF/OpenRLHF 3c3be623): openrlhf/utils/agent.py (SingleTurnAgentExecutor loads a
  .py remote_rm_url with importlib.util.spec_from_file_location and calls
  reward_func([query], [prompt], [label]), reading rewards, scores and extra_logs);
- slime (THUDM/slime 624b824a8): slime/rollout/rm_hub/__init__.py (remote_rm posts {prompt,
  response, label} to --rm-url and takes the JSON answer as the reward), slime/utils/types.py
  (a dict reward is read at --reward-key).
"""

import asyncio
import http.server
import importlib.util
import inspect
import json
import math
import os
import socket
import threading
import time
import unittest
import urllib.request

import leanprm
from leanprm import trl as leanprm_trl
from leanprm import verl as leanprm_verl

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(os.path.dirname(HERE), "leanprm")

PROBLEM = ("Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. "
           "How many clips did Natalia sell altogether in April and May?")
HONEST = "Natalia sold 48/2 = 24 clips in May.\n\nNatalia sold 48+24 = 72 clips altogether.\n\nThe answer is \\boxed{72}."
BARE = "\\boxed{72}"
WRONG = "Natalia sold 48/2 = 24 clips in May.\n\nNatalia sold 48+24 = 72 clips altogether.\n\nThe answer is \\boxed{73}."


def load_by_path(name, path):
    """What OpenRLHF's agent.py and verl's load_extern_object do with a file path."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Stub(http.server.BaseHTTPRequestHandler):
    """A stand-in for a server that refuses, then answers; or answers too late."""
    script = []  # (status, headers, body, delay) per request
    seen = []

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        status, headers, body, delay = Stub.script[min(len(Stub.seen), len(Stub.script) - 1)]
        Stub.seen.append(time.monotonic())
        time.sleep(delay)
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(json.dumps(body).encode())

    def log_message(self, *args):
        pass


def stub(script):
    Stub.script, Stub.seen = script, []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Stub)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d" % server.server_address[1]


class Verl(unittest.TestCase):
    def test_signature_is_verls(self):
        params = list(inspect.signature(leanprm_verl.compute_score).parameters.values())
        self.assertEqual([p.name for p in params[:4]], ["data_source", "solution_str", "ground_truth", "extra_info"])
        self.assertIsNone(params[3].default)

    def test_loaded_by_path_it_scores(self):
        compute_score = getattr(load_by_path("custom_module", os.path.join(PACKAGE, "verl.py")), "compute_score")
        info = {"question": PROBLEM}
        honest = compute_score("openai/gsm8k", HONEST, "72", info)
        self.assertIsInstance(honest, dict)
        self.assertIsInstance(honest["score"], float)
        self.assertEqual(honest["leanprm_outcome_equal"], 1.0)
        self.assertEqual(honest["leanprm_answer_derived"], 1.0)
        bare = compute_score("openai/gsm8k", BARE, "72", info)
        wrong = compute_score("openai/gsm8k", WRONG, 72, info)
        self.assertGreater(honest["score"], bare["score"])
        self.assertEqual(wrong["score"], 0.0)
        for value in honest.values():
            self.assertIsInstance(value, float, "reward_extra_info wants numbers")

    def test_async(self):
        got = asyncio.run(leanprm_verl.compute_score_async("openai/gsm8k", HONEST, "72", {"question": PROBLEM}))
        self.assertGreater(got["score"], 0.5)


class TRL(unittest.TestCase):
    def test_sync_and_async_as_grpo_calls_them(self):
        kwargs = dict(prompts=[PROBLEM] * 3, completions=[HONEST, BARE, WRONG],
                      completion_ids=[[1], [2], [3]], answer=["72", "72", "72"], trainer_state=None)
        sync = leanprm_trl.leanprm_reward(**kwargs)
        self.assertEqual(len(sync), 3)
        self.assertTrue(all(isinstance(r, float) for r in sync))
        self.assertGreater(sync[0], sync[1])
        self.assertEqual(sync[2], 0.0)
        self.assertTrue(inspect.iscoroutinefunction(leanprm_trl.leanprm_reward_async))

        async def gather():
            return await asyncio.gather(leanprm_trl.leanprm_reward_async(**kwargs), leanprm_trl.leanprm_reward_async(**kwargs))

        for got in asyncio.run(gather()):
            self.assertEqual(got, sync)

    def test_conversational(self):
        got = leanprm_trl.leanprm_reward(prompts=[[{"role": "user", "content": PROBLEM}]],
                                         completions=[[{"role": "assistant", "content": HONEST}]], ground_truth=["72"])
        self.assertGreater(got[0], 0.5)

    def test_a_failed_item_is_skipped_not_paid(self):
        self.assertEqual(leanprm_trl._rewards({"rewards": [0.3, math.nan], "extra_logs": {"leanprm_item_error": [0, 1]}}), [0.3, None])


class OpenRLHF(unittest.TestCase):
    def test_file_form(self):
        reward_func = load_by_path("reward_func", os.path.join(PACKAGE, "openrlhf.py")).reward_func
        prompt = "<|im_start|>user\n" + PROBLEM + "<|im_end|>\n<|im_start|>assistant\n"
        got = reward_func([prompt + HONEST + "<|im_end|>"], [prompt], ["72"])
        self.assertEqual(len(got["rewards"]), 1)
        self.assertEqual(got["rewards"], got["scores"])
        self.assertGreater(got["rewards"][0], 0.5)
        self.assertEqual(got["extra_logs"]["leanprm_outcome_equal"], [1.0])
        self.assertEqual(len(got["step_rewards"][0]), 3)


class Slime(unittest.TestCase):
    def test_remote_rm_body(self):
        body = json.dumps({"prompt": PROBLEM, "response": HONEST, "label": "72"}).encode()
        req = urllib.request.Request(os.environ["LEANPRM_URL"] + "/reward", data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as resp:
            reward = json.loads(resp.read())
        self.assertGreater(reward["reward"], 0.5, "what slime reads with --reward-key reward")


class Client(unittest.TestCase):
    def test_retries_a_503_as_retry_after_says(self):
        server, url = stub([(503, {"Retry-After": "1"}, {"error": "no worker"}, 0), (200, {}, {"rewards": [0.5]}, 0)])
        try:
            got = leanprm.Client(url, retries=3, timeout=20).get_reward(["q"], ["p"], ["1"])
        finally:
            server.shutdown()
            server.server_close()
        self.assertEqual(got, {"rewards": [0.5]})
        self.assertEqual(len(Stub.seen), 2)
        self.assertGreaterEqual(Stub.seen[1] - Stub.seen[0], 0.9, "waited Retry-After")

    def test_a_gateway_without_workers_raises(self):
        url = os.environ.get("LEANPRM_NOWORKER_URL")
        if not url:
            self.skipTest("LEANPRM_NOWORKER_URL is not set (cmd/leanprm's TestPythonAdapters sets it)")
        start = time.monotonic()
        with self.assertRaises(leanprm.LeanprmUnavailable) as e:
            leanprm.Client(url, retries=1, timeout=30).get_reward([HONEST], [""], ["72"])
        self.assertIn("503", str(e.exception))
        self.assertIn("no worker", str(e.exception))
        self.assertLess(time.monotonic() - start, 15)

    def test_server_down(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        with self.assertRaises(leanprm.LeanprmUnavailable) as e:
            leanprm.Client("http://127.0.0.1:%d" % port, retries=2, timeout=10).get_reward(["q"], ["p"], ["1"])
        self.assertIn("not reachable", str(e.exception))

    def test_timeout(self):
        server, url = stub([(200, {}, {"rewards": [1]}, 3)])
        try:
            start = time.monotonic()
            with self.assertRaises(leanprm.LeanprmUnavailable) as e:
                leanprm.Client(url, retries=0, timeout=1).get_reward(["q"], ["p"], ["1"])
            self.assertLess(time.monotonic() - start, 2.5)
            self.assertIn("no answer within", str(e.exception))
        finally:
            server.shutdown()
            server.server_close()

    def test_a_4xx_is_not_retried(self):
        server, url = stub([(400, {}, {"error": "malformed JSON"}, 0)])
        try:
            with self.assertRaises(leanprm.LeanprmError) as e:
                leanprm.Client(url, retries=3, timeout=10).get_reward(["q"], ["p"], ["1"])
        finally:
            server.shutdown()
            server.server_close()
        self.assertNotIsInstance(e.exception, leanprm.LeanprmUnavailable)
        self.assertIn("malformed JSON", str(e.exception))
        self.assertEqual(len(Stub.seen), 1)

    def test_no_url(self):
        saved = os.environ.pop("LEANPRM_URL", None)
        try:
            with self.assertRaises(leanprm.LeanprmError):
                leanprm.Client()
        finally:
            if saved is not None:
                os.environ["LEANPRM_URL"] = saved


if __name__ == "__main__":
    unittest.main()

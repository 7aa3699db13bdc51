"""The HTTP client the adapters share: retries on 429/503 as Retry-After says, one deadline
for the whole call, and a clear exception when the server is down."""

import asyncio
import email.utils
import json
import os
import socket
import time
import urllib.error
import urllib.request

DEFAULT_TIMEOUT = 150.0  # seconds for a whole call: below OpenRLHF's 180 s
DEFAULT_RETRIES = 5
MAX_WAIT = 30.0  # the longest Retry-After honoured at once


class LeanprmError(Exception):
    """The server refused the request for a reason a retry does not mend (a 4xx)."""


class LeanprmUnavailable(LeanprmError):
    """No answer: the server is down, did not answer in time, or kept answering 503."""


class Client:
    """A leanprm server at ``url`` (default ``$LEANPRM_URL``). ``timeout`` bounds a whole
    call, retries included (default ``$LEANPRM_TIMEOUT`` or 150 s); ``retries`` is how many
    times a refused or unreachable request is sent again (default ``$LEANPRM_RETRIES`` or 5);
    ``token`` is the bearer token (default ``$LEANPRM_TOKEN``)."""

    def __init__(self, url=None, timeout=None, retries=None, token=None):
        url = url or os.environ.get("LEANPRM_URL", "")
        if not url:
            raise LeanprmError("no leanprm server: set LEANPRM_URL (for example http://127.0.0.1:8080)")
        self.url = url.rstrip("/")
        self.timeout = float(timeout if timeout is not None else os.environ.get("LEANPRM_TIMEOUT", DEFAULT_TIMEOUT))
        self.retries = int(retries if retries is not None else os.environ.get("LEANPRM_RETRIES", DEFAULT_RETRIES))
        self.token = token if token is not None else os.environ.get("LEANPRM_TOKEN", "")

    def post(self, path, body):
        """POSTs body (JSON) to path and returns the decoded answer."""
        data = json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        deadline = time.monotonic() + self.timeout
        target = self.url + path
        why = ""
        for attempt in range(self.retries + 1):
            left = deadline - time.monotonic()
            if left <= 0:
                break
            req = urllib.request.Request(target, data=data, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(req, timeout=left) as resp:
                    return json.loads(resp.read())
            except urllib.error.HTTPError as e:
                detail = _detail(e)
                if e.code not in (429, 503):
                    raise LeanprmError("%s answered %d: %s" % (target, e.code, detail)) from None
                why = "answered %d: %s" % (e.code, detail)
                wait = _retry_after(e.headers.get("Retry-After"))
            except (urllib.error.URLError, ConnectionError, socket.timeout, TimeoutError) as e:
                reason = getattr(e, "reason", e)
                if isinstance(reason, (socket.timeout, TimeoutError)) or isinstance(e, (socket.timeout, TimeoutError)):
                    raise LeanprmUnavailable("%s gave no answer within %.0f s (LEANPRM_TIMEOUT)" % (target, self.timeout)) from None
                why = "is not reachable (%s); is `leanprm serve` running there?" % reason
                wait = min(0.25 * 2**attempt, 4.0)
            if attempt == self.retries:
                break
            time.sleep(max(0.0, min(wait, deadline - time.monotonic())))
        raise LeanprmUnavailable("%s %s (after %d attempts)" % (target, why or "gave no answer in time", attempt + 1))

    async def apost(self, path, body):
        """post, awaited: the request runs in a thread, so many calls overlap."""
        return await asyncio.to_thread(self.post, path, body)

    def get_reward(self, queries, prompts, labels):
        """OpenRLHF's remote reward: {"rewards", "scores", "extra_logs", "step_rewards"}."""
        return self.post("/get_reward", {"query": list(queries), "prompts": list(prompts), "labels": [_label(x) for x in labels]})

    async def aget_reward(self, queries, prompts, labels):
        return await asyncio.to_thread(self.get_reward, queries, prompts, labels)


def _label(x):
    """A label as the server reads it: a string, a number or null; anything else as text."""
    if x is None or isinstance(x, (str, int, float)) and not isinstance(x, bool):
        return x
    return str(x)


def _detail(e):
    try:
        body = json.loads(e.read() or b"{}")
        return str(body.get("error") or body.get("detail") or e.reason)
    except (ValueError, OSError):
        return str(e.reason)


def _retry_after(value):
    """Retry-After in seconds (a number or an HTTP date), 1 when absent, at most MAX_WAIT."""
    if not value:
        return 1.0
    try:
        return min(max(float(value), 0.0), MAX_WAIT)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value).timestamp()
        return min(max(when - time.time(), 0.0), MAX_WAIT)
    except (TypeError, ValueError):
        return 1.0


_default = None


def default_client():
    """The client the adapters use: one per process, from the environment at first use (a
    new one when LEANPRM_URL changes)."""
    global _default
    url = os.environ.get("LEANPRM_URL", "")
    if _default is None or _default.url != url.rstrip("/"):
        _default = Client(url)
    return _default

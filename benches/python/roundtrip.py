"""The dongle over stdio with the Python MCP client (PyPI `mcp`), against the transport floor.

Usage: roundtrip.py AIRLOCK_BIN ECHO_BIN [CALLS]

Times CALLS `record_execution_step` round trips on `airlock serve` (embedded defaults, the step
limit at its ceiling, executions restarted outside the timed calls) and CALLS `echo` round
trips on `echo-mcp` (a trivial MCP server: the same client, framing and JSON-RPC, no work),
alternating one call of each (after 50 of each to warm up), and the start-up of `airlock serve` to its first tools/list answer. Prints one JSON object;
the target is airlock's median within 20 % of echo's (under 0.2 ms of airlock's own work).
"""

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time

from mcp import Client, StdioServerParameters

airlock, echo = sys.argv[1:3]
calls = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
AGENT = "bench-python"
# The step limit counts an agent's steps across its executions, so each execution is a new
# agent's (bench-python-1, -2, ...); the echo server gets the same shape of arguments.
STEP = {"element_name": AGENT, "nextActionHint": "list the files in the docs folder", "outcome": "success"}


def summary(samples):
    samples = sorted(samples)
    return {
        "median_us": round(statistics.median(samples) * 1e6, 1),
        "p99_us": round(samples[int(len(samples) * 0.99) - 1] * 1e6, 1),
        "calls": len(samples),
    }


async def time_both(state, policy):
    """Echo and airlock calls alternate, one each in turn, over two open clients.

    Both servers then see the same machine: a load that comes or goes during the run (a build,
    the disk's write-back after the load test) shifts both medians alike, and the ratio holds.
    """
    env = dict(os.environ)
    env.pop("AIRLOCK_LOG", None)
    env["AIRLOCK_CACHE_DIR"] = os.path.join(state, "cache")
    dongle_params = StdioServerParameters(
        command=airlock, args=["serve", "--state-dir", state, "--policy", policy], env=env
    )
    echo_params = StdioServerParameters(command=echo, args=[], env=dict(os.environ))
    async with Client(echo_params) as echo_client, Client(dongle_params) as dongle:
        echo_samples, dongle_samples = [], []

        async def echo_call():
            began = time.perf_counter()
            result = await echo_client.call_tool("echo", {"operation": "record_execution_step", "params": STEP})
            took = time.perf_counter() - began
            assert not result.is_error, result
            return took

        async def step_call(agent):
            params = dict(STEP, element_name=agent)
            began = time.perf_counter()
            result = await dongle.call_tool("mcp_aql_create", {"operation": "record_execution_step", "params": params})
            took = time.perf_counter() - began
            body = json.loads(result.content[0].text)
            assert body["success"] and body["data"]["continue"], body
            return took

        warm_up = 50
        executions = 0
        while len(dongle_samples) < calls + warm_up:
            executions += 1
            agent = f"{AGENT}-{executions}"
            started = await dongle.call_tool("mcp_aql_execute", {"operation": "execute_agent", "params": {"element_name": agent}})
            assert not started.is_error, started.content[0].text
            for _ in range(min(90, calls + warm_up - len(dongle_samples))):
                echo_samples.append(await echo_call())
                dongle_samples.append(await step_call(agent))
            done = await dongle.call_tool("mcp_aql_execute", {"operation": "complete_execution", "params": {"element_name": agent}})
            assert not done.is_error, done.content[0].text
        return summary(echo_samples[warm_up:]), summary(dongle_samples[warm_up:])


async def time_startup(state, runs=7):
    env = dict(os.environ)
    env.pop("AIRLOCK_LOG", None)
    env.pop("AIRLOCK_POLICY", None)
    env["AIRLOCK_CACHE_DIR"] = os.path.join(state, "cache")
    samples = []
    for i in range(runs + 1):
        params = StdioServerParameters(command=airlock, args=["serve", "--state-dir", os.path.join(state, f"s{i}")], env=env)
        began = time.perf_counter()
        async with Client(params) as client:
            tools = (await client.list_tools()).tools
            took = time.perf_counter() - began
            assert tools
        if i > 0:  # the first start fills the precompile cache
            samples.append(took)
    return {"median_ms": round(statistics.median(samples) * 1e3, 1), "samples_ms": [round(s * 1e3, 1) for s in samples]}


async def main():
    with tempfile.TemporaryDirectory() as tmp:
        policy = os.path.join(tmp, "policy")
        os.makedirs(policy)
        with open(os.path.join(policy, "policy.json"), "w") as f:
            json.dump({"safety_loop": {"max_autonomous_steps": 100}}, f)
        echo_result, dongle_result = await time_both(os.path.join(tmp, "state"), policy)
        startup = await time_startup(os.path.join(tmp, "startup"))
    ratio = dongle_result["median_us"] / echo_result["median_us"]
    print(json.dumps({
        "echo": echo_result,
        "record_execution_step": dongle_result,
        "ratio": round(ratio, 3),
        "airlock_own_us": round(dongle_result["median_us"] - echo_result["median_us"], 1),
        "startup_first_tools_list": startup,
    }))


asyncio.run(main())

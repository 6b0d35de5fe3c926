"""How many students one class server holds: simulated students over real websockets.

    python benchmarks/class_load.py                        # 300 students, the main figure
    python benchmarks/class_load.py --students 120 --duration 20
    python benchmarks/class_load.py --find-max             # the largest class with p99 < 250 ms

The server runs as ``prohis-nb class serve`` in its own process (on
127.0.0.1, a free port, a fresh SQLite file). This process plays every
student with asyncio: each joins over HTTP, opens a websocket, says hello,
and at each of its decisions thinks for a while (``--think``, seconds,
uniform), then sends a random legal action. Now and then (``--drop``, per
decision) a student closes its socket and comes back a few seconds later
with its token. The round's tables are the stage game's (``convoy``, 2 seats)
when the game exists, else 4-seat tables of Prohis.

It prints, for the actions of students (not bots):

* p50, p99 and the largest time from sending an action to the moment the
  last student at that table received the update (every affected seat);
* actions per second, the server's resident memory (now and at its peak),
  the server's CPU time per student action (its share of one core), and the
  machine's load average: on a machine shared with other work the latencies
  measure the sharing too, while the CPU time per action does not.

Nothing here is asserted: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent


def pick_game() -> tuple[str, int]:
    from prohis_nb.games import available_games

    return ("convoy", 2) if "convoy" in available_games() else ("prohis", 4)


def choices(state: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for group in state["controls"]["groups"]:
        out.extend(b["action"] for b in group["buttons"])
        for c in group["composers"]:
            if c["kind"] == "cards":
                out.extend({"act": c["act"], "cards": cards} for cards in c["choices"][:20])
            elif c["kind"] == "counts":
                out.extend({"act": c["act"], "cards": [k]} for k in c["up_to"])
            else:
                out.extend({"act": c["act"], c["field"]: k.split(",") if k else []}
                           for k in list(c["choices"])[:20])  # fmt: skip
    return out


class Load:
    """The shared measurements of every simulated student."""

    def __init__(self) -> None:
        self.pending: dict[
            tuple[int, int, int], list[Any]
        ] = {}  # (round, table, seq) -> [t0, seats left]
        self.latencies: list[float] = []
        self.actions = 0
        self.refused = 0
        self.drops = 0
        self.stop = False


async def student(
    url: str, room: str, name: str, load: Load, rng: random.Random, args: Any
) -> None:
    async with httpx.AsyncClient(timeout=60) as client:
        while True:  # the server limits joins per address (a class behind one NAT): wait
            response = await client.post(f"{url}/api/join", json={"room": room, "name": name})
            if response.status_code != 429:
                break
            await asyncio.sleep(rng.uniform(0.5, 2.0))
        token = response.json()["token"]
    ws_url = url.replace("http://", "ws://") + "/ws"
    while not load.stop:
        try:
            async with websockets.connect(ws_url, max_size=None) as socket:
                await socket.send(json.dumps({"type": "hello", "token": token}))
                drop_at: float | None = None
                thinking: asyncio.Task[Any] | None = None
                while not load.stop:
                    try:
                        text = await asyncio.wait_for(socket.recv(), 1.0)
                    except TimeoutError:
                        continue
                    now = time.perf_counter()
                    message = json.loads(text)
                    kind = message["type"]
                    if kind == "ended":
                        return
                    if kind == "refused":
                        load.refused += 1
                        continue
                    if kind != "state":
                        continue
                    key = (message["round"], message["table"], message["seq"])
                    entry = load.pending.get(key)
                    if entry is not None:
                        entry[1] -= 1
                        if entry[1] == 0:
                            load.latencies.append(now - entry[0])
                            del load.pending[key]
                    view = message["view"]
                    if view["to_act"] == message["seat"] and message["controls"]["groups"]:
                        if rng.random() < args.drop:
                            drop_at = now
                            break
                        if thinking is not None:
                            thinking.cancel()
                        thinking = asyncio.create_task(
                            think_and_act(socket, message, load, rng, args)
                        )
                if thinking is not None:
                    thinking.cancel()
            if drop_at is not None:
                load.drops += 1
                await asyncio.sleep(rng.uniform(1.0, 4.0))
        except (websockets.ConnectionClosed, OSError):
            await asyncio.sleep(0.5)


async def think_and_act(
    socket: Any, state: dict[str, Any], load: Load, rng: random.Random, args: Any
) -> None:
    await asyncio.sleep(rng.uniform(*args.think))
    action = rng.choice(choices(state))
    humans = sum(1 for s in state["seats"] if s["who"] in ("you", "student") and not s["away"])
    key = (state["round"], state["table"], state["seq"] + 1)
    load.pending[key] = [time.perf_counter(), humans]
    load.actions += 1
    try:
        await socket.send(json.dumps({"type": "act", "seq": state["seq"], "action": action}))
    except websockets.ConnectionClosed:
        load.pending.pop(key, None)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far (seconds)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_kb(pid: int) -> tuple[int, int]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def start_server(
    folder: str, game: str, seats: int, sync: str
) -> tuple[subprocess.Popen[str], str, str]:
    token = "benchmark-teacher-token-" + os.urandom(12).hex()
    env = {**os.environ, "PROHIS_TEACHER_TOKEN": token}
    command = [sys.executable, "-m", "prohis_nb", "class", "serve",
               "--db", f"{folder}/class.sqlite",
               "--port", "0", "--game", game, "--seats", str(seats), "--rounds", "1000",
               "--bot-delay", "0.5", "--break-seconds", "1", "--drop-timeout", "8",
               "--max-students", "5000", "--students-per-address", "0",
               "--log-level", "warning", "--sqlite-sync", sync]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=env, cwd=ROOT)  # fmt: skip
    assert process.stdout is not None
    url = ""
    while not url:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError("the server did not start")
        if line.startswith("listening on "):
            url = line.split()[-1]
    # keep reading what the server prints, so that a full pipe never blocks it
    threading.Thread(target=process.stdout.read, daemon=True).start()
    return process, url, token


async def call(client: httpx.AsyncClient, method: str, url: str) -> Any:
    """A teacher's request, tried again if a kept-alive connection was closed under it."""
    for attempt in range(5):
        try:
            response = await client.request(method, url, json={} if method == "POST" else None)
            return response.json()
        except httpx.TransportError:
            if attempt == 4:
                raise
            await asyncio.sleep(0.2)


async def run(students: int, args: Any) -> dict[str, Any]:
    game, seats = (args.game, args.seats) if args.game else pick_game()
    with tempfile.TemporaryDirectory(dir=args.db_dir) as folder:
        process, url, token = start_server(folder, game, seats, args.sqlite_sync)
        headers = {"Authorization": f"Bearer {token}"}
        try:
            async with httpx.AsyncClient(headers=headers, timeout=60) as teacher:
                room = (await call(teacher, "GET", f"{url}/api/teacher/status"))["room"]
                load = Load()
                rng = random.Random(args.seed)
                tasks = [
                    asyncio.create_task(
                        student(url, room, f"S{i}", load, random.Random(rng.random()), args)
                    )
                    for i in range(students)
                ]
                while (
                    len((await call(teacher, "GET", f"{url}/api/teacher/status"))["students"])
                    < students
                ):
                    await asyncio.sleep(0.2)
                await asyncio.sleep(1.0)
                await call(teacher, "POST", f"{url}/api/teacher/start")
                await asyncio.sleep(args.warmup)
                # the server's own figures over the same window as ours: moves after this one
                handled = (await call(teacher, "GET", f"{url}/api/teacher/status"))["handled"]
                load.latencies.clear()
                load.actions = 0
                started = time.perf_counter()
                cpu_before = cpu_seconds(process.pid)
                client_before = time.process_time()
                await asyncio.sleep(args.duration)
                elapsed = time.perf_counter() - started
                server_cpu = cpu_seconds(process.pid) - cpu_before
                client_cpu = time.process_time() - client_before
                load_average = os.getloadavg()[0]
                measured = list(load.latencies)
                rss, peak = memory_kb(process.pid)
                status = await call(
                    teacher, "GET", f"{url}/api/teacher/status?handled_after={handled}"
                )
                load.stop = True
                await call(teacher, "POST", f"{url}/api/teacher/end")
                await asyncio.wait(tasks, timeout=10)
                for task in tasks:
                    task.cancel()
        finally:
            process.terminate()
            process.wait(timeout=30)
    measured.sort()

    def quantile(q: float) -> float:
        return (
            1000 * measured[min(len(measured) - 1, int(q * len(measured)))]
            if measured
            else float("nan")
        )

    return {
        "game": game,
        "seats": seats,
        "students": students,
        "tables": len(status["tables"]),
        "rounds_reached": status["round"],
        "actions_measured": len(measured),
        "actions_per_s": len(measured) / elapsed,
        "p50_ms": quantile(0.50),
        "p99_ms": quantile(0.99),
        "max_ms": 1000 * measured[-1] if measured else float("nan"),
        "mean_ms": 1000 * statistics.fmean(measured) if measured else float("nan"),
        "server_cpu_share": server_cpu / elapsed,
        "client_cpu_share": client_cpu / elapsed,
        "server_cpu_ms_per_action": 1000 * server_cpu / max(1, len(measured)),
        "load_average": load_average,
        "server_handling_ms": status.get("handling_ms", {}),
        "server_rss_mb": rss / 1024,
        "server_peak_mb": peak / 1024,
        "drops": load.drops,
        "refused": load.refused,
    }


def show(result: dict[str, Any]) -> None:
    inside = result["server_handling_ms"]
    print(
        f"{result['students']:5d} students, {result['tables']:4d} {result['game']} tables of "
        f"{result['seats']}: p50 {result['p50_ms']:6.1f} ms, p99 {result['p99_ms']:6.1f} ms, "
        f"max {result['max_ms']:6.1f} ms over {result['actions_measured']} actions "
        f"({result['actions_per_s']:.1f}/s); server memory {result['server_rss_mb']:.0f} MB "
        f"(peak {result['server_peak_mb']:.0f} MB); inside the server p50 "
        f"{inside.get('p50')} ms, p99 {inside.get('p99')} ms (last {inside.get('moves')} moves); "
        "server CPU "
        f"{100 * result['server_cpu_share']:.0f}% of a core, "
        f"{result['server_cpu_ms_per_action']:.1f} ms per action; the simulated students "
        f"{100 * result['client_cpu_share']:.0f}%; {result['drops']} drops; "
        f"machine load average {result['load_average']:.1f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--game", help="the game (default: convoy if registered, else prohis)")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--duration", type=float, default=40.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=8.0, help="seconds before measuring")
    parser.add_argument(
        "--think", type=float, nargs=2, default=(1.0, 3.0), help="think time range (s)"
    )
    parser.add_argument("--drop", type=float, default=0.02, help="chance to drop at a decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db-dir", help="where the SQLite file goes (default: the temp folder)")
    parser.add_argument("--sqlite-sync", choices=["normal", "full"], default="normal",
                        help="the server's --sqlite-sync (full: a flush per commit)")  # fmt: skip
    parser.add_argument("--find-max", action="store_true",
                        help="grow the class until p99 passes 250 ms")  # fmt: skip
    args = parser.parse_args()
    if not args.find_max:
        show(asyncio.run(run(args.students, args)))
        return
    best = None
    size = args.students
    while True:
        result = asyncio.run(run(size, args))
        show(result)
        if result["p99_ms"] >= 250:
            break
        best = result
        size = int(size * 1.5)
    if best is None:
        print("no class size kept p99 under 250 ms")
    else:
        print(f"largest class with p99 < 250 ms: {best['students']} students "
              f"(p99 {best['p99_ms']:.0f} ms); the next size tried, {size}, passed it")  # fmt: skip


if __name__ == "__main__":
    main()

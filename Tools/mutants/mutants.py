#!/usr/bin/env python3
"""Plants the one-line bugs listed in mutants.toml, one at a time, and checks a test catches each.

For every mutant: replace its original text (which must occur exactly once in its file) with the
mutant text, build with `swift build --build-tests`, run only its test targets with
`swift test --skip-build --no-parallel --filter TESTS`, and put the file back, whatever happens
(a build failure, Ctrl-C, a kill). A mutant is killed when the tests fail, survived when they pass.

    Tools/mutants/mutants.py                 # the whole list
    Tools/mutants/mutants.py --only ID,ID    # some of it
    Tools/mutants/mutants.py --list          # what the list holds

Exit status 0 when every mutant run was killed, 1 when one survived, did not apply or did not
build, 2 for bad input (an unknown id, a mutated file with uncommitted changes, a baseline whose
tests already fail).
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
LIST = HERE / "mutants.toml"
FIELDS = ("id", "file", "original", "mutant", "tests", "what")


def fail(message):
    """Bad input: one line on standard error, status 2."""
    print(f"mutants: {message}", file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path, "rb") as data:
            entries = tomllib.load(data).get("mutant", [])
    except (OSError, tomllib.TOMLDecodeError) as error:
        fail(f"expected a readable TOML list of [[mutant]] tables in {path}, found: {error}")
    seen = set()
    for index, entry in enumerate(entries, 1):
        missing = [field for field in FIELDS if not isinstance(entry.get(field), str)]
        if missing:
            fail(f"expected {', '.join(FIELDS)} in mutant #{index} of {path}, "
                 f"found no {', '.join(missing)}")
        if entry["id"] in seen:
            fail(f"expected unique ids in {path}, found {entry['id']} twice")
        if entry["original"] == entry["mutant"]:
            fail(f"expected {entry['id']}'s mutant text to differ from its original")
        seen.add(entry["id"])
    return entries


def root():
    try:
        top = subprocess.run(
            ["git", "rev-parse", "--show-toplevel"], cwd=HERE, check=True,
            capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        fail(f"expected {HERE} inside a git work tree, found none")
    return Path(top)


def uncommitted(top, files):
    out = subprocess.run(
        ["git", "status", "--porcelain", "--", *sorted(files)], cwd=top,
        capture_output=True, text=True, check=True).stdout
    return [line[3:] for line in out.splitlines()]


def clock(seconds):
    minutes, seconds = divmod(int(seconds), 60)
    return f"{minutes}m{seconds:02d}s"


class Runner:
    """Runs commands in the package with their output appended to one log per mutant."""

    def __init__(self, top, logs, timeouts, skip=None):
        self.top = top
        self.logs = logs
        self.build_timeout, self.test_timeout = timeouts
        self.skip = skip

    def run(self, arguments, log, timeout):
        with open(log, "a") as out:
            out.write(f"\n$ {' '.join(arguments)}\n")
            out.flush()
            # NB: A session of its own, so that a timeout or Ctrl-C can end the build or the
            # test run and everything it started, and only those: `swift test` starts the test
            # bundle in a process group of its own, but in this session.
            process = subprocess.Popen(
                arguments, cwd=self.top, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True)
            try:
                return process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                end_session(process)
                out.write(f"\n(timed out after {timeout} s)\n")
                return None
            except BaseException:
                end_session(process)
                raise

    def build(self, log):
        return self.run(["swift", "build", "--build-tests"], log, self.build_timeout)

    def test(self, filter, log):
        skip = ["--skip", self.skip] if self.skip else []
        return self.run(
            ["swift", "test", "--skip-build", "--no-parallel", "--filter", filter, *skip], log,
            self.test_timeout)


def end_session(process):
    """Kills every process of the session `process` leads, then waits for it."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        # After the command name: state, parent, process group, session.
        if int(fields[3]) == process.pid:
            try:
                os.kill(int(stat.parent.name), signal.SIGKILL)
            except ProcessLookupError:
                pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def first_failure(log):
    """The first failing test the log names, for the report."""
    patterns = [
        re.compile(r"✘ Test (\S+?\(.*?\)) (?:recorded an issue|failed)"),
        re.compile(r"error: -\[(\S+ \S+)\]"),
        re.compile(r"Test Case '-\[(\S+ \S+)\]' failed"),
    ]
    try:
        text = Path(log).read_text(errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        for pattern in patterns:
            match = pattern.search(line)
            if match:
                return match.group(1)
    return None


def apply(top, entry):
    """The file's text and its mutated text, or the reason the mutant does not apply."""
    path = top / entry["file"]
    try:
        # NB: Bytes, so that putting the file back restores it exactly, line endings included.
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None, None, f"no UTF-8 file {entry['file']}"
    count = text.count(entry["original"])
    if count != 1:
        return None, None, f"original text found {count} times in {entry['file']}, expected once"
    return text, text.replace(entry["original"], entry["mutant"]), None


def run_mutant(top, runner, entry):
    """Plants one mutant, builds, tests, and always puts the file back."""
    log = runner.logs / f"{entry['id']}.log"
    log.write_text(f"{entry['id']}: {entry['what']}\n{entry['file']}\n"
                   f"- {entry['original']}\n+ {entry['mutant']}\n")
    original, mutated, reason = apply(top, entry)
    if reason:
        return "did not apply", reason
    path = top / entry["file"]
    try:
        path.write_bytes(mutated.encode("utf-8"))
        status = runner.build(log)
        if status != 0:
            return "did not build", f"see {log}"
        status = runner.test(entry["tests"], log)
        if status is None:
            return "killed", f"tests timed out after {runner.test_timeout} s; see {log}"
        if status == 0:
            return "survived", f"{entry['tests']} passed; see {log}"
        return "killed", f"by {first_failure(log) or entry['tests']}"
    finally:
        restore(path, original)


def restore(path, text):
    """Writes the file back with Ctrl-C and kills held off, so the write is never cut short."""
    held = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {number: signal.signal(number, signal.SIG_IGN) for number in held}
    try:
        path.write_bytes(text.encode("utf-8"))
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def terminate(signum, frame):
    """Ctrl-C or a kill unwinds, so that the `finally` puts the file back."""
    raise KeyboardInterrupt


def main():
    parser = argparse.ArgumentParser(
        description="Plants the mutants of mutants.toml one at a time and checks a test catches "
        "each.")
    parser.add_argument("--only", metavar="ID[,ID]", help="run only these mutants")
    parser.add_argument("--list", action="store_true", help="print the list and exit")
    parser.add_argument(
        "--no-baseline", action="store_true",
        help="skip the first run of the tests on the unmutated code")
    parser.add_argument(
        "--build-timeout", type=int, default=1800, metavar="SECONDS",
        help="longest a build may take (default 1800)")
    parser.add_argument(
        "--test-timeout", type=int, default=300, metavar="SECONDS",
        help="longest a test run may take; a run that hangs counts as killed (default 300)")
    parser.add_argument(
        "--skip", metavar="REGEX",
        help="tests not to run (swift test --skip): does the mutant survive without them?")
    parser.add_argument(
        "--logs", metavar="FOLDER", help="where each mutant's log goes (default .build/mutants)")
    arguments = parser.parse_args()

    entries = load(LIST)
    if arguments.only:
        wanted = [name.strip() for name in arguments.only.split(",") if name.strip()]
        known = {entry["id"] for entry in entries}
        unknown = [name for name in wanted if name not in known]
        if unknown or not wanted:
            fail(f"expected ids from {LIST.name} after --only, found "
                 f"{', '.join(unknown) or 'none'}")
        entries = [entry for entry in entries if entry["id"] in wanted]

    if arguments.list:
        width = max(len(entry["id"]) for entry in entries)
        for entry in entries:
            print(f"{entry['id']:<{width}}  {entry['file']}  [{entry['tests']}]")
            print(f"{'':<{width}}  {entry['what']}")
        return 0

    top = root()
    files = {entry["file"] for entry in entries if (top / entry["file"]).exists()}
    dirty = uncommitted(top, files)
    if dirty:
        fail(f"expected the mutated files committed, found changes in {', '.join(dirty)}")
    logs = Path(arguments.logs) if arguments.logs else top / ".build" / "mutants"
    logs.mkdir(parents=True, exist_ok=True)
    runner = Runner(
        top, logs, (arguments.build_timeout, arguments.test_timeout), arguments.skip)
    # NB: Also SIGINT: a shell starts a background job with SIGINT ignored, and Python then
    # leaves it ignored.
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, terminate)

    if not arguments.no_baseline:
        targets = sorted({name for entry in entries for name in entry["tests"].split("|")})
        log = logs / "baseline.log"
        log.write_text("baseline: the unmutated code\n")
        started = time.monotonic()
        print(f"baseline: building and running {'|'.join(targets)} unmutated", flush=True)
        if runner.build(log) != 0 or runner.test("|".join(targets), log) != 0:
            fail(f"expected the unmutated tests to pass, found a failure; see {log}")
        print(f"baseline: passed ({clock(time.monotonic() - started)})", flush=True)

    results = {}
    width = max(len(entry["id"]) for entry in entries)
    try:
        for entry in entries:
            started = time.monotonic()
            verdict, detail = run_mutant(top, runner, entry)
            results[entry["id"]] = verdict
            print(f"{verdict:<13}  {entry['id']:<{width}}  {clock(time.monotonic() - started)}"
                  f"  {detail}", flush=True)
    except KeyboardInterrupt:
        print("mutants: interrupted; the mutated file is back as it was", file=sys.stderr)
        return 130

    counts = {verdict: list(results.values()).count(verdict)
              for verdict in ("killed", "survived", "did not apply", "did not build")}
    print(f"mutants: {counts['killed']} killed, {counts['survived']} survived, "
          f"{counts['did not apply']} did not apply, {counts['did not build']} did not build")
    return 0 if counts["killed"] == len(entries) else 1


if __name__ == "__main__":
    sys.exit(main())

"""Runs a command on a new pseudo-terminal and types answers at its passphrase prompts.

airlock reads the operator passphrase only from the controlling terminal (/dev/tty), never from
arguments, the environment or standard input. The tests drive it the way a person does: this
script gives the command a terminal of its own (pty.fork makes the child a session leader with
the pty as its controlling terminal), reads what it writes there, and each time a prompt that
asks for a passphrase appears, types the next line of this script's standard input.

    python3 answer_prompts.py CMD [ARGS...] < answers

Prints everything the command wrote to its terminal, then exits with the command's status.
"""

import os
import pty
import sys
import termios
import time


def wait_for_echo_off(fd: int) -> None:
    """Waits until the command has turned echo off (the pty's master shares the terminal's
    settings), so that what is typed is never echoed into the captured output."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if not termios.tcgetattr(fd)[3] & termios.ECHO:
            return
        time.sleep(0.01)


def main() -> int:
    answers = sys.stdin.read().splitlines()
    argv = sys.argv[1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    seen = b""
    answered_up_to = 0
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        pending = seen[answered_up_to:]
        # A prompt is a line that mentions the passphrase and ends, for now, with ": ".
        if b"passphrase" in pending and pending.rstrip(b" ").endswith(b":"):
            answered_up_to = len(seen)
            wait_for_echo_off(fd)
            answer = answers.pop(0) if answers else ""
            os.write(fd, answer.encode() + b"\n")
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(seen.decode(errors="replace"))
    sys.stdout.flush()
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())

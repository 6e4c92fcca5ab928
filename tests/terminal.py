"""A program in an 80x24 pseudo-terminal, as a player's terminal would run it: the
end-to-end tests (kill -9 of a client, ssh clients) drive real processes through it."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import termios
import threading
import time

import pyte


class Terminal:
    """Starts ``args`` on a fresh pseudo-terminal; what it prints is collected, both as
    the raw bytes (nothing secret may ever be among them) and as the screen a player
    would see (pyte plays the terminal)."""

    def __init__(self, args: list[str], env: dict | None = None, *, size: tuple[int, int] = (80, 24)) -> None:
        cols, rows = size
        self.screen = pyte.Screen(cols, rows)
        self._stream = pyte.ByteStream(self.screen)
        self._lock = threading.Lock()
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.proc = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        self.out = bytearray()
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        try:
            while chunk := os.read(self.master, 65536):
                with self._lock:
                    self.out += chunk
                    self._stream.feed(chunk)
        except OSError:
            pass

    def text(self) -> str:
        return self.out.decode("utf-8", "replace")

    def ended(self, timeout: float = 20) -> str:
        """Waits for the program to end and for its last words to be read (the reader
        may still be behind when the process is gone); returns all it printed."""
        self.proc.wait(timeout=timeout)
        self._reader.join(timeout=timeout)
        return self.text()

    def wait_for(self, what: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while what not in self.text():
            if self.proc.poll() is not None:
                # its last words may still be on their way to the reader: read them all
                self._reader.join(timeout=10)
                assert what in self.text(), (
                    f"the program ended before {what!r} appeared: {self.text()[-500:]!r}"
                )
                return
            assert time.monotonic() < deadline, f"{what!r} never appeared: {self.text()[-500:]!r}"
            time.sleep(0.1)

    def resize(self, cols: int, rows: int) -> None:
        """As a player dragging the window: the program gets SIGWINCH."""
        with self._lock:
            self.screen.resize(rows, cols)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        # The pty is not the program's controlling terminal (it has a session of its
        # own), so the kernel does not signal it: do what the kernel would.
        os.kill(self.proc.pid, signal.SIGWINCH)

    def shown(self) -> str:
        """The screen now, as text."""
        with self._lock:
            return "\n".join(self.screen.display)

    def wait_shown(self, what: str, timeout: float = 30) -> str:
        """Waits until ``what`` is on the screen (lines joined, so a wrapped phrase is
        found whole when it wraps at a space); returns the screen."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.shown()
            flat = " ".join(" ".join(line.split()) for line in shown.split("\n"))
            if what in shown or what in flat:
                return shown
            assert self.proc.poll() is None, f"the program ended before {what!r} was shown:\n{shown}"
            assert time.monotonic() < deadline, f"{what!r} never shown:\n{shown}"
            time.sleep(0.05)

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        if self.master >= 0:  # closing twice is harmless
            os.close(self.master)
            self.master = -1

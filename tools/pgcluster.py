"""A throwaway PostgreSQL cluster for the store's tests and `make bench`:
the real server from the system's packages, in a temporary directory, on a Unix socket
only, as an unprivileged user when run as root (PostgreSQL refuses to run as root)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg


def find(program: str) -> str | None:
    found = shutil.which(program)
    if found:
        return found
    # Debian keeps the server's programs out of PATH
    versions = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{program}"),
        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
    )
    return versions[-1] if versions else None


def missing() -> str | None:
    """Why no cluster can be started here, or None."""
    for program in ("initdb", "pg_ctl"):
        if find(program) is None:
            return (
                f"no PostgreSQL server ({program} not found); `make test` installs "
                "Debian's postgresql where it can"
            )
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser: PostgreSQL will not run as root"
    return None


class Cluster:
    def __init__(self) -> None:
        self.base = Path(tempfile.mkdtemp(prefix="plot-pg-"))
        self.data, self.sock, self.log = self.base / "data", self.base / "sock", self.base / "log"
        self.sock.mkdir()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            subprocess.run(["chown", "-R", "nobody", str(self.base)], check=True)
            self.as_user = ["runuser", "-u", "nobody", "--"]
        self._run(find("initdb"), "-D", self.data, "-U", "plot", "-A", "trust", "-E", "UTF8", "--no-sync")
        self.start()

    def _run(self, *args) -> None:
        done = subprocess.run([*self.as_user, *map(str, args)], capture_output=True, text=True, timeout=60)
        if done.returncode:
            raise RuntimeError(
                f"{args[0]} failed: {done.stdout}{done.stderr}"
                f"{self.log.read_text() if self.log.exists() else ''}"
            )

    def start(self) -> None:
        self._run(
            find("pg_ctl"),
            "-D",
            self.data,
            "-l",
            self.log,
            "-w",
            "-o",
            f"-k {self.sock} -c listen_addresses='' -c fsync=off -c max_connections=200",
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run(find("pg_ctl"), "-D", self.data, "-m", mode, "-w", "stop")

    def url(self, db: str = "postgres") -> str:
        return f"postgresql://plot@/{db}?host={self.sock}"

    def new_database(self, name: str) -> str:
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def remove(self) -> None:
        try:
            self.stop("immediate")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


@contextmanager
def throwaway(database: str) -> Iterator[tuple[Cluster, str]]:
    """A cluster with one empty database (the cluster, the database's URL), removed
    afterwards; see ``missing`` first."""
    cluster = Cluster()
    try:
        yield cluster, cluster.new_database(database)
    finally:
        cluster.remove()


@contextmanager
def store_for(url: str | None, database: str, what: str) -> Iterator[tuple[Cluster | None, str] | None]:
    """A bench's store: the one at ``url`` if given (no cluster), else a throwaway
    cluster's ``database``; None, with why said for ``what``, if PostgreSQL cannot be
    had here."""
    if url:
        yield None, url
        return
    why = missing()
    if why:
        print(f"{what}: needs PostgreSQL: {why}")
        yield None
        return
    with throwaway(database) as made:
        yield made

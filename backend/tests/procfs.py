"""What a test reads of another process in /proc/<pid>/stat: its state letter and its parent. The command name in
parentheses may hold spaces, so the fields are counted after its closing parenthesis."""

from pathlib import Path


def stat_fields(pid: int) -> list[str] | None:
    """The fields after the command name (state first, then ppid, …), or None if the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def state(pid: int) -> str | None:
    """`R`, `S`, `T` (stopped), `Z` (a zombie waiting to be reaped), …; None if gone."""
    fields = stat_fields(pid)
    return fields[0] if fields else None


def parent(pid: int) -> int | None:
    fields = stat_fields(pid)
    return int(fields[1]) if fields else None

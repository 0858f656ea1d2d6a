"""Seeds for many games: each game's seed is derived from the experiment seed with sha256 (not ``hash()``),
so the same experiment gives the same games in any process, on any machine, in any order."""
from __future__ import annotations

import hashlib


def derive_seed(*parts) -> int:
    """A 63-bit seed from any printable parts: ``derive_seed(1, "game", 17)``."""
    text = "\x1f".join(repr(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1

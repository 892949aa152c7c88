"""Building one long ``str`` from many small pieces with little memory beyond the result.

``"".join(pieces)`` over a list of every piece holds one object and one list slot per
piece (for a text of short words, several times the text) next to the result. A
:class:`Pieces` joins consecutive pieces into a block, at most :data:`BLOCK_PIECES` of
them, so what it holds besides the result is about the result's size (the blocks) plus
one block's pieces (issue 22 item 10). ASCII pieces and the others go in different
blocks: a block is stored with the width of its widest character (PEP 393), and an
ASCII anchor joined to a line with an emoji would take four bytes a character.
"""

from __future__ import annotations

#: Pending pieces joined into one block.
BLOCK_PIECES = 1024
#: Long runs of text are escaped (HTML, percent) this many code points at a time.
WINDOW = 1 << 16


class Pieces:
    """An append-only list of ``str`` pieces whose :meth:`join` is ``"".join`` of them all."""

    __slots__ = ("_ascii", "_blocks", "_pending")

    def __init__(self) -> None:
        self._blocks: list[str] = []
        self._pending: list[str] = []
        self._ascii = True

    def append(self, piece: str) -> None:
        if not piece:
            return
        ascii_ = piece.isascii()
        pending = self._pending
        if pending and (ascii_ is not self._ascii or len(pending) >= BLOCK_PIECES):
            self._flush()
        self._ascii = ascii_
        pending.append(piece)

    def _flush(self) -> None:
        pending = self._pending
        self._blocks.append(pending[0] if len(pending) == 1 else "".join(pending))
        pending.clear()

    def join(self) -> str:
        """Every piece appended, in order, as one ``str``; the pieces are released."""
        if self._pending:
            self._flush()
        blocks, self._blocks = self._blocks, []
        if len(blocks) == 1:
            return blocks.pop()
        out = "".join(blocks)
        blocks.clear()
        return out

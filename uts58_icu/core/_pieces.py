"""Building one long ``str`` from many small pieces with little memory beyond the result.

``"".join(pieces)`` over a list of every piece holds one object and one list slot per
piece (for a text of short words, several times the text) next to the result. A
:class:`Pieces` joins its pending pieces into a block every :data:`BLOCK_PIECES`
pieces, so what it holds besides the result is about the result's size (the blocks)
plus one block's pieces (issue 22 item 10). A block is stored with the width of its
widest character (PEP 393): in a block that is not all ASCII, long runs of ASCII pieces
are blocks of their own, so ASCII anchors joined to a line with an emoji do not take
four bytes a character.
"""

from __future__ import annotations

#: Pending pieces joined into one block.
BLOCK_PIECES = 1024
#: An ASCII run of at least this many code points next to wider text is a block of its own.
ASCII_RUN = 64
#: Below this many code points a plain list of pieces costs little: :class:`Pieces` is
#: for longer texts.
BIG_TEXT = 1 << 12
#: Long runs of text are escaped (HTML, percent) this many code points at a time.
WINDOW = 1 << 16


class Pieces:
    """An append-only list of ``str`` pieces whose :meth:`join` is ``"".join`` of them all.

    A caller in a hurry may append to :attr:`pending` itself, and call :meth:`flush`
    once it holds :data:`BLOCK_PIECES` pieces or more.
    """

    __slots__ = ("_blocks", "pending")

    def __init__(self) -> None:
        self._blocks: list[str] = []
        self.pending: list[str] = []

    def append(self, piece: str) -> None:
        pending = self.pending
        if len(piece) >= BIG_TEXT:  # a block already: not copied into one
            if pending:
                self.flush()
            self._blocks.append(piece)
            return
        pending.append(piece)
        if len(pending) >= BLOCK_PIECES:
            self.flush()

    def flush(self) -> None:
        """Join the pending pieces into blocks."""
        pending = self.pending
        if not pending:
            return
        block = "".join(pending)
        if block.isascii() or len(pending) == 1:
            self._blocks.append(block)
        else:
            del block
            self._split(pending)
        pending.clear()

    def _split(self, pending: list[str]) -> None:
        """Blocks of ``pending``: runs of ASCII pieces of :data:`ASCII_RUN` code points or
        more apart, everything else joined (a short run costs more as an object than in
        the width of its neighbours)."""
        blocks = self._blocks
        segment: list[str] = []
        ascii_from = 0  # segment[ascii_from:] is ASCII
        ascii_len = 0
        for piece in pending:
            if piece.isascii():
                ascii_len += len(piece)
            else:
                if ascii_len >= ASCII_RUN:
                    if ascii_from:
                        blocks.append("".join(segment[:ascii_from]))
                    blocks.append("".join(segment[ascii_from:]))
                    segment.clear()
                ascii_len = 0
                ascii_from = len(segment) + 1
            segment.append(piece)
        if ascii_len >= ASCII_RUN and ascii_from:
            blocks.append("".join(segment[:ascii_from]))
            del segment[:ascii_from]
        blocks.append("".join(segment))

    def join(self) -> str:
        """Every piece appended, in order, as one ``str``; the pieces are released."""
        self.flush()
        blocks, self._blocks = self._blocks, []
        if len(blocks) == 1:
            return blocks.pop()
        out = "".join(blocks)
        blocks.clear()
        return out

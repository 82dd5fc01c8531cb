# Opening knowledge: a tiny book for the first free moves and the decisions the opening rules
# ask for (pro rule: three stones, swap, two fifth-move proposals, choosing one; Swap2: three
# stones, keep/swap/put two, colour pick). Positions are judged by a short search. The costly
# decisions come as generators (the *_steps functions) that yield their best answer so far after
# each short search, so a caller can slice them like Engine.step() (tools/pbrain.py runs them to
# the end).
from gomoku.board import BLACK, WHITE, EMPTY
from gomoku import game as G, rules
from ai.eval import Pos
from ai.search import TT, Search, Stop, WIN

# Book replies as (dx, dy) offsets. Second move: touch the first stone (diagonal or direct).
# Third move, by the shape of the first two: strong, well-known answers relative to stone 1
# with stone 2 normalised to (1, 0) (direct) or (1, 1) (diagonal).
_SECOND = ((1, 1), (1, 0), (0, 1), (-1, 1))
_THIRD = {
    (1, 0): ((1, 1), (0, 1), (1, -1), (2, 1)),
    (1, 1): ((0, 1), (1, 0), (2, 0), (0, 2)),
}
BALANCE = 40  # |score| under this counts as an even position


def _transforms(dx, dy):
    # The 8 symmetries of the square applied to an offset.
    return ((dx, dy), (-dy, dx), (-dx, -dy), (dy, -dx), (dy, dx), (-dx, dy), (-dy, -dx), (dx, -dy))


def book(board, rng):
    """A book move for the first three stones of a free opening, or -1."""
    n = board.count()
    c = board.size // 2
    if n == 0:
        return board.idx(c, c)
    h = board.hist
    x0, y0 = board.xy(h[0])
    if n == 1:
        dx, dy = _SECOND[rng.below(len(_SECOND))]
        if x0 > c:
            dx = -dx
        if y0 > c:
            dy = -dy
        x, y = x0 + dx, y0 + dy
        return board.idx(x, y) if board.on_board(x, y) else -1
    if n == 2:
        x1, y1 = board.xy(h[1])
        rel = (x1 - x0, y1 - y0)
        for base in _THIRD:
            ts = _transforms(base[0], base[1])
            for k in range(8):
                if ts[k] == rel:
                    ox, oy = _THIRD[base][rng.below(4)]
                    x, y = x0 + _transforms(ox, oy)[k][0], y0 + _transforms(ox, oy)[k][1]
                    if board.on_board(x, y) and board.cells[board.idx(x, y)] == EMPTY:
                        return board.idx(x, y)
                    return -1
    return -1


def assess(board, rule, depth=2, width=6, nodes=200):
    """Score of the position for the side to move (positive: good for it), by a short search."""
    return score(Pos(board.copy(), rule), depth, width, nodes)


def score(pos, depth=2, width=6, nodes=200):
    """assess() on an existing Pos (left as it was)."""
    s = Search(pos, TT(6), width)
    s.limit = nodes
    c = pos.board.to_move()
    try:
        return s.ab(c, depth, -WIN - 1, WIN + 1, 0)
    except Stop:
        return s.evaluate(c)


def balanced_steps(pos, rule, colour, allowed, rng):
    """Among the `allowed` empty points, one where a stone of `colour` leaves the most even
    position (the other player will pick the colour that suits them). Yields the best so far
    (-1 before any) after each candidate's search of 40 nodes."""
    b = pos.board
    best = []
    bv = None
    for q in allowed:
        if b.cells[q] != EMPTY:
            continue
        if rule == rules.RENJU and colour == BLACK and rules.is_forbidden(b, q):
            continue
        pos.put(q, colour)
        v = abs(score(pos, 1, 6, 40))
        pos.take()
        if bv is None or v < bv:
            bv = v
            best = [q]
        elif v == bv:
            best.append(q)
        yield best[0]
    yield best[rng.below(len(best))] if best else -1


def around(board, r=2):
    """Empty points within r of a stone (Chebyshev distance)."""
    out = []
    for i in board.hist:
        x0, y0 = board.xy(i)
        for y in range(y0 - r, y0 + r + 1):
            for x in range(x0 - r, x0 + r + 1):
                if board.on_board(x, y):
                    q = board.idx(x, y)
                    if board.cells[q] == EMPTY and q not in out:
                        out.append(q)
    return out


def opening_steps(pos, rule, pro, rng):
    """Stone number count()+1 of the first player's three (black, white, black), as steps like
    balanced_steps(). Pro rule: within the central 1x1, 3x3, 5x5."""
    board = pos.board
    n = board.count()
    if n == 0:
        yield board.idx(board.size // 2, board.size // 2)
        return
    colour = BLACK if n != 1 else WHITE
    if n == 1:
        # Direct or diagonal contact: both are standard and close to even.
        q = book(board, rng)
        if q >= 0:
            yield q
            return
    if pro:
        # (the pro rule's game has its module loaded; a free game's book need not load it)
        from gomoku.openrules import centre

        allowed = centre(board)
    else:
        allowed = around(board, 2)
    for q in balanced_steps(pos, rule, colour, allowed, rng):
        yield q


def swap2_choice(v):
    """The second player's answer after three Swap2 stones, from their score for white (to
    move): 'keep' (play white), 'swap' or 'put2'."""
    if v > BALANCE:
        return "keep"
    if v < -BALANCE:
        return "swap"
    return "put2"


def proposals(board, rule, search_moves, symmetric):
    """Two fifth-move proposals for black: the two best moves that are not the same by
    symmetry (white picks the one that is worse for black, so both should be good)."""
    first = -1
    for q in search_moves:
        if board.cells[q] != EMPTY:
            continue
        if rule == rules.RENJU and rules.is_forbidden(board, q):
            continue
        if first < 0:
            first = q
        elif not symmetric(first, q):
            return first, q
    return None


def choose_steps(pos, props):
    """White picks the proposed fifth move that leaves white best off: yields the best so far
    after each proposal's search of 200 nodes."""
    best = props[0]
    bv = None
    for q in props:
        pos.put(q, BLACK)
        v = score(pos, 2, 6, 200)  # white to move
        pos.take()
        if bv is None or v > bv:
            bv = v
            best = q
        yield best


# -- the AI player's answers to the opening rules (ai.player hands every phase but PLAY here) --
def _pos(player, b):
    # The engine's incremental position, synced to b: the opening searches share it rather
    # than building their own (time and heap on the device).
    e = player.engine
    e._sync(b)
    return e.pos


def _follow(player, steps, kind):
    for v in steps:
        player.action = (kind, v)
        yield


def decide(player, game):
    """Set player.action to the answer the phase asks for, yielding between short searches."""
    b = game.board
    ph = game.phase
    rule = player.rule
    if ph == G.OPEN3:
        pro = game.opening == G.OPEN_PRO
        steps = opening_steps(_pos(player, b), rule, pro, player.rng)
        for _ in _follow(player, steps, "play"):
            yield
    elif ph == G.SWAP or ph == G.PICK:
        black = score(_pos(player, b)) < 0  # white to move
        if ph == G.SWAP:
            player.action = ("choose", G.SWAP_COLOURS if black else G.KEEP)
        else:
            player.action = ("choose", G.TAKE_BLACK if black else G.TAKE_WHITE)
    elif ph == G.SWAP2:
        a = swap2_choice(score(_pos(player, b)))
        player.action = ("choose", G.KEEP if a == "keep" else
                         (G.SWAP_COLOURS if a == "swap" else G.PUT2))
    elif ph == G.EXTRA:
        steps = balanced_steps(_pos(player, b), rule, b.to_move(), around(b, 2), player.rng)
        for _ in _follow(player, steps, "play"):
            yield
    elif ph == G.PROPOSE:
        e = player.engine
        e.start(b)
        while not e.step():
            yield
        s = e._search(12)
        moves = [e.best] + [q for q in s.gen(b.to_move(), 12) if q != e.best]
        yield
        moves += [q for q in around(b, 2) if q not in moves]
        player.action = ("propose", proposals(b, rule, moves, game.symmetric))
    elif ph == G.CHOOSE:
        for _ in _follow(player, choose_steps(_pos(player, b), game.proposals), "play"):
            yield

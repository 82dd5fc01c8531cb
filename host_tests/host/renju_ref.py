"""A slow, literal reading of the Renju definitions, to check gomoku.rules against.

Works on a plain dict {(x, y): colour} and whole board lines; shares no code with the firmware.
"""

DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _line(grid, n, x, y, dx, dy):
    """Points of the whole board line through (x, y) along (dx, dy), in order."""
    while 0 <= x - dx < n and 0 <= y - dy < n:
        x, y = x - dx, y - dy
    pts = []
    while 0 <= x < n and 0 <= y < n:
        pts.append((x, y))
        x, y = x + dx, y + dy
    return pts


def _black_run(grid, pts, k):
    """Indexes (in pts) of the unbroken black run containing position k."""
    a = b = k
    while a > 0 and grid.get(pts[a - 1]) == 1:
        a -= 1
    while b < len(pts) - 1 and grid.get(pts[b + 1]) == 1:
        b += 1
    return a, b


def _completions(grid, pts, k):
    """Empty points on the line that make exactly five black stones including pts[k]."""
    out = []
    for j, q in enumerate(pts):
        if q in grid:
            continue
        grid[q] = 1
        a, b = _black_run(grid, pts, k)
        if a <= j <= b and b - a + 1 == 5:
            out.append(j)
        del grid[q]
    return out


def _fours(grid, pts, k):
    c = _completions(grid, pts, k)
    # Two completions five apart are the two ends of one straight four.
    if len(c) == 2 and c[1] - c[0] == 5:
        return 1
    return len(c)


def _has_straight_four(grid, pts, k):
    c = _completions(grid, pts, k)
    return any(c2 - c1 == 5 for c1 in c for c2 in c)


def _is_three(grid, n, pts, k):
    # A three: one more stone makes a straight four "without at the same time a five in a row
    # is made" (RIF), on a point black may play.
    for j, q in enumerate(pts):
        if q in grid:
            continue
        grid[q] = 1
        ok = (_has_straight_four(grid, pts, k) and not _makes_five(grid, n, q)
              and not _forbidden_placed(grid, n, q))
        del grid[q]
        if ok:
            return True
    return False


def _makes_five(grid, n, p):
    for dx, dy in DIRS:
        pts = _line(grid, n, p[0], p[1], dx, dy)
        a, b = _black_run(grid, pts, pts.index(p))
        if b - a + 1 == 5:
            return True
    return False


def _forbidden_placed(grid, n, p):
    lines = []
    for dx, dy in DIRS:
        pts = _line(grid, n, p[0], p[1], dx, dy)
        k = pts.index(p)
        a, b = _black_run(grid, pts, k)
        lines.append((pts, k, b - a + 1))
    if any(length == 5 for _, _, length in lines):
        return False
    if any(length > 5 for _, _, length in lines):
        return True
    if sum(_fours(grid, pts, k) for pts, k, _ in lines) >= 2:
        return True
    threes = sum(1 for pts, k, _ in lines
                 if _fours(grid, pts, k) == 0 and _is_three(grid, n, pts, k))
    return threes >= 2


def forbidden(grid, n, p):
    """Is black at the empty point p forbidden? grid maps (x, y) -> 1 black / 2 white."""
    assert p not in grid
    grid[p] = 1
    try:
        return _forbidden_placed(grid, n, p)
    finally:
        del grid[p]

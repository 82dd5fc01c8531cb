# Board storage: layout, sentinel ring, hash, checked moves with undo/redo, point names.
from gomoku.board import BLACK, BORDER, EMPTY, MAX_SIZE, WHITE, Board


def test_sizes_and_sentinel_ring():
    for n in (5, 15, 19, 20):  # 20: Gomocup's freestyle board, for tools/pbrain.py
        b = Board(n)
        on = set(b.points())
        assert len(on) == n * n
        for i in on:
            assert b.cells[i] == EMPTY
            x, y = b.xy(i)
            assert b.idx(x, y) == i and b.on_board(x, y)
            # one step in any direction lands on the board or on the ring, never outside
            for d in b.dirs:
                for j in (i + d, i - d):
                    assert 0 <= j < len(b.cells)
                    assert (j in on) == (b.cells[j] != BORDER)
    for bad in (4, 21, "15", 15.0):
        try:
            Board(bad)
        except ValueError:
            pass
        else:
            assert False, bad


def test_put_take_restore_hash_and_cells():
    b = Board(15)
    start = (bytes(b.cells), b.hash)
    moves = [b.idx(7, 7), b.idx(8, 8), b.idx(0, 0), b.idx(14, 14)]
    hashes = []
    for k, i in enumerate(moves):
        b.put(i, BLACK if k % 2 == 0 else WHITE)
        hashes.append(b.hash)
        assert 0 <= b.hash < (1 << 30)
    assert len(set(hashes)) == 4
    for _ in moves:
        b.take()
    assert (bytes(b.cells), b.hash) == start
    # the hash depends on the position, not the order of moves
    b.put(moves[2], BLACK)
    b.put(moves[0], BLACK)
    h1 = b.hash
    b.take()
    b.take()
    b.put(moves[0], BLACK)
    b.put(moves[2], BLACK)
    assert b.hash == h1


def test_checked_moves():
    # Undo and redo belong to the Game (its log also holds the clocks and phases).
    b = Board(9)
    b.move(b.idx(4, 4))
    assert b.to_move() == WHITE and b.cells[b.idx(4, 4)] == BLACK
    b.move(b.idx(5, 5), BLACK)
    assert b.cells[b.idx(5, 5)] == BLACK and b.to_move() == WHITE
    assert b.take() == b.idx(5, 5)
    assert b.take() == b.idx(4, 4)
    assert b.hash == 0 and b.count() == 0
    try:
        b.move(b.idx(1, 1), 7)
    except ValueError as e:
        assert "colour" in str(e)
    else:
        assert False
    assert b.count() == 0


def test_refused_moves_change_nothing():
    b = Board(9)
    b.move(b.idx(4, 4))
    before = (bytes(b.cells), b.hash, list(b.hist))
    for i in (b.idx(4, 4), 0, -1, len(b.cells), b.idx(9, 0) - 0, "e5"):
        try:
            b.move(i)
        except ValueError:
            pass
        else:
            assert False, i
    assert (bytes(b.cells), b.hash, list(b.hist)) == before


def test_point_names():
    b = Board(15)
    assert b.name(b.idx(7, 7)) == "h8"
    assert b.name(b.idx(0, 14)) == "a1"
    assert b.parse("H8") == b.idx(7, 7)
    assert b.parse("o15") == b.idx(14, 0)
    # the columns are a to o, i included, as Renju names them (Go's letters skip i)
    assert b.name(b.idx(8, 7)) == "i8" and b.parse("I9") == b.idx(8, 6)
    assert "".join(b.name(b.idx(x, 0))[0] for x in range(15)) == "abcdefghijklmno"
    _refused(b, ("", "z1", "a0", "a16", "p1", "i", "hh"))
    assert Board(19).name(Board(19).idx(18, 0)) == "s19"
    # every point of the largest board has its own name, and the names read back
    b = Board(20)
    names = [b.name(i) for i in b.points()]
    assert len(set(names)) == 400 and all(b.parse(t) == i for t, i in zip(names, b.points()))
    assert b.name(b.idx(19, 0)) == "t20" and b.name(b.idx(0, 19)) == "a1"
    _refused(b, ("u1", "a21", "t0"))


def _refused(b, names):
    for bad in names:
        try:
            b.parse(bad)
        except ValueError:
            pass
        else:
            assert False, bad


def test_zobrist_keys_are_distinct_and_combine_like_random_ones():
    # The keys are computed, not stored (gomoku.board._key): over the cells and colours of the
    # largest board they must be distinct small ints, and XORs of two keys must collide in the
    # 24 bits the transposition tables use (slot and check) about as often as random keys'
    # would; a weak mix (a multiply alone, say) collides many times more.
    from gomoku import board as B

    b = Board(MAX_SIZE)
    keys = [B._key(2 * i + c) & 0xFFFFFF for i in b.points() for c in (BLACK, WHITE)]
    assert len(set(keys)) == len(keys) == 2 * MAX_SIZE ** 2
    assert all(0 <= B._key(2 * i + c) < 1 << 30 for i in b.points() for c in (BLACK, WHITE))
    keys = keys[:450]  # as many as 15x15 has: 101,025 pairs
    pairs = sorted(keys[i] ^ keys[j] for i in range(len(keys)) for j in range(i))
    same = 0
    run = 0
    for i in range(1, len(pairs)):
        run = run + 1 if pairs[i] == pairs[i - 1] else 0
        same += run  # pairs of pairs with equal XORs: four keys that cancel out
    expected = len(pairs) * (len(pairs) - 1) / 2 / (1 << 24)  # 304 for random keys
    assert same < 1.3 * expected, (same, expected)


def test_put_and_take_allocate_nothing():
    # The search puts and takes a stone at every node: a key past the port's small ints (31
    # bits on a 32-bit board, and in the wasm VM) would be a heap object each time. Only
    # MicroPython reports its heap exactly, so CPython has nothing to check.
    import gc

    if not hasattr(gc, "mem_alloc"):
        return
    b = Board(MAX_SIZE)
    pts = list(b.points())
    b.put(pts[0], BLACK)  # the history list's first growth
    b.take()
    a0 = gc.mem_alloc()
    for j in range(len(pts)):  # range loops allocate no iterator
        for c in range(BLACK, WHITE + 1):
            b.put(pts[j], c)
            b.take()
    assert gc.mem_alloc() == a0

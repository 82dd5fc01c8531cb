import gc, sys
sys.path.insert(0, "tools")
st = {"i": 0, "last": gc.mem_alloc()}
MV = "h8 h9 g9 j7 g8 g7 f8 e8 f9 h7 f7 f10 e6 d5 j10 k9 h10 g10".split()
def heap_step():
    i = st["i"]
    gc.collect()
    now = gc.mem_alloc()
    if i > 0:
        print(st["what"], now - st["last"])
    st["last"] = now
    st["i"] += 1
    if i == 0:
        st["what"] = "import gomoku board"
        from gomoku.board import Board
        st["B"] = Board
    elif i == 1:
        st["what"] = "import ai.engine"
        from ai import engine
        st["E"] = engine
    elif i == 2:
        st["what"] = "tables"
        from ai import patterns
        patterns.tables(0)
    elif i == 3:
        st["what"] = "Engine(HARD)"
        st["e"] = st["E"].Engine(2, 0, 1)
    elif i == 4:
        st["what"] = "board"
        b = st["B"](15)
        for m in MV:
            b.put(b.parse(m), b.to_move())
        st["b"] = b
    elif i == 5:
        st["what"] = "start (sync: board copy + Pos)"
        st["e"].start(st["b"])
    elif i < 200:
        st["what"] = "step"
        if st["e"].step():
            st["i"] = 200
    else:
        return False
    return True

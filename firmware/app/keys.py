# Turns button actions into what they mean on each screen, for every kit's set of keys.
# Kits with a d-pad and a back key ("dpad") move the cursor freely and jump with back; kits
# with two or three keys ("few") step through ranked candidate points with left/right and
# switch to free cursor moves with a vertical (long) press. The two-key kit (the T-Display: right
# and, long, down) turns instead: its long press turns the cursor's way clockwise, so that every
# neighbour is a few presses away (it went only right and down, and one row up cost 14 presses).
from micropython import const


from hw.buttons import PRESS, REPEAT

NONE = const(0)
UP = const(1)
DOWN = const(2)
LEFT = const(3)
RIGHT = const(4)
OK = const(5)
BACK = const(6)
MENU = const(7)
NEXT = const(8)  # next candidate point / next item
PREV = const(9)

_DIRS = {"up": UP, "down": DOWN, "left": LEFT, "right": RIGHT}
_CW = b"\x00\x04\x03\x01\x02"  # clockwise from each way: up -> right -> down -> left -> up


class Keys:
    def __init__(self, actions):
        self.dpad = all(a in actions for a in ("up", "down", "left", "right", "back"))
        self.free = self.dpad  # few-key kits start every turn in candidate (jump) mode
        self.turns = "left" not in actions and "up" not in actions
        self.way = RIGHT  # the two-key kit's way in free moves

    def _basic(self, action, kind):
        d = _DIRS.get(action)
        if d is not None:
            return d if kind == PRESS or kind == REPEAT else NONE
        if kind != PRESS:
            return NONE
        if action == "place":
            return OK
        if action == "back":
            return BACK
        if action == "menu":
            return MENU
        return NONE

    def board(self, action, kind):
        """Cursor keys on the board: UP/DOWN/LEFT/RIGHT move, NEXT/PREV jump, OK, MENU, BACK."""
        k = self._basic(action, kind)
        if self.dpad:
            return NEXT if k == BACK else k
        was = self.free
        if not was:
            if k == RIGHT:
                return NEXT
            if k == LEFT:
                return PREV
            if k == UP or k == DOWN:
                self.free = True
        if self.turns and (k == RIGHT or k == DOWN):
            # Two keys: short steps on, long turns clockwise and steps (held: steps on that way);
            # the first long press of a turn leaves the candidates going down, as before.
            if k == DOWN and (kind == PRESS or not was):  # (a key held into a new turn)
                self.way = _CW[self.way]
            return self.way
        return k

    def turn_started(self):
        self.free = self.dpad
        self.way = RIGHT

    def mark(self):
        """A few-key kit's free moves, shown after the cursor's name: on the two-key kit the way
        a short press steps, on the three-key kit "+" (the same short press steps the cursor or
        visits the candidates, and neither the mode nor the way showed anywhere). Nothing
        while the candidates are visited, nor on a d-pad kit, whose moves are always free."""
        if self.dpad or not self.free:
            return ""
        return "^v<>"[self.way - 1] if self.turns else "+"  # UP..RIGHT are 1..4

    def list(self, action, kind):
        """Menus and questions: PREV/NEXT item, LEFT/RIGHT change a value, OK, BACK."""
        k = self._basic(action, kind)
        if k == MENU:
            return BACK
        if self.dpad:
            if k == UP:
                return PREV
            if k == DOWN:
                return NEXT
            return k
        # Few keys: every direction walks the list, place changes values.
        if k == UP or k == LEFT:
            return PREV
        if k == DOWN or k == RIGHT:
            return NEXT
        return k

    def step(self, action, kind):
        """Review: PREV/NEXT move, BACK leaves. The directions go as in the lists (up and left
        back), so that a key held steps the way its tap does where a long press is another
        direction (the M5Stack's A: left, held: up; the Pimoroni packs' X: up, held: left);
        up stepped on, and holding A to go back fast went forward. Down steps back on the
        two-key kit (right, down), which has no other way back."""
        k = self._basic(action, kind)
        if k == OK or k == MENU:
            return BACK
        if k == LEFT or k == UP or (k == DOWN and self.turns):
            return PREV
        if k == RIGHT or k == DOWN:
            return NEXT
        return k

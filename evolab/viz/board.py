"""GameBoard: play *Evolution* against bots (or friends, hot-seat) in JupyterLab or Voila.

The board draws ``observe(...)`` for the seat in front of the screen, offers exactly the legal actions
as buttons grouped the way a player thinks, lets the bots move, and writes a plain-language log. It never
decides legality itself: every click goes through ``Match.step``.
"""
from __future__ import annotations

import html
import time

from ..actions import CHANCE, TERMINAL
from ..bots import LEVELS, make_bot
from ..match import Match
from ..names import edition_options
from ..narrate import Narrator
from ..errors import SaveFileError
from ..i18n import N_, _, ngettext, resolve, using
from ..record import GameRecord
from ..rules import available_rulesets, load_ruleset, ruleset_class
from ..tracking import Tracker
from ..validation import MAX_FILE_BYTES
from ..view import observe

_CSS = """<style>
.evolab-board {font-size: 17px; line-height: 1.35;}
.evolab-seat {border: 2px solid #888; border-radius: 8px; padding: 6px 10px; margin: 6px 0;}
.evolab-seat.mine {border-color: #0072b2; border-width: 3px;}
.evolab-animal {display: inline-block; vertical-align: top; border: 1px solid #555; border-radius: 8px;
  padding: 5px 8px; margin: 4px; min-width: 150px; background: #fafafa;}
.evolab-trait {display: inline-block; border-radius: 5px; padding: 1px 6px; margin: 2px 2px 2px 0;
  color: #000; border-left: 8px solid; background: #eee; font-weight: 600;}
.evolab-banner {background: #fff3cd; border: 2px solid #d55e00; border-radius: 6px; padding: 6px 10px;
  font-weight: 700; margin: 6px 0;}
.evolab-log {font-size: 16px; max-height: 260px; overflow-y: auto; border: 1px solid #ccc; padding: 6px;}
.evolab-log .mine {font-weight: 700;}
.evolab-board .evolab-actions {border: 1px solid #ccc; padding: 6px;}
.evolab-board .evolab-move-title {font-weight: 700; font-size: 17px;}
.evolab-board .evolab-move-title:focus {outline: 3px solid #000 !important; outline-offset: 1px;
  background: #ffe066;}
.evolab-board button:focus-visible, .evolab-board select:focus-visible, .evolab-board input:focus-visible,
.evolab-board .lm-TabBar-tab:focus-visible {outline: 3px solid #000 !important; outline-offset: 2px;
  box-shadow: 0 0 0 6px #ffe066 !important;}
.evolab-board .widget-tab > .lm-TabBar .lm-TabBar-tab {flex: 0 0 auto; min-width: max-content;
  min-height: 30px; line-height: 26px;}
.evolab-board .widget-tab > .lm-TabBar {min-height: 32px;}
</style>"""


#: The opponents a student can pick for a new game: (label, bot name), weakest first.
OPPONENTS = [("random", "random"), ("greedy", "greedy")] + [
    (f"{lv.name} (level {n})", f"lookahead{n}") for n, lv in LEVELS.items()]

#: The bots' and the lookahead levels' names, as the board shows them (translated where shown).
BOT_WORDS = (N_("random"), N_("greedy"), N_("lookahead"), N_("profile"), N_("beginner"), N_("novice"),
             N_("intermediate"), N_("advanced"), N_("expert"))


def opponents() -> list:
    """``OPPONENTS`` in the language in use."""
    return [(_("random"), "random"), (_("greedy"), "greedy")] + [
        (_("{name} (level {n})").format(name=_(lv.name), n=n), f"lookahead{n}") for n, lv in LEVELS.items()]


def _opponent(bot):
    """The New game tab's value for a bot at the table ("greedy", "lookahead4"...), or None."""
    level = getattr(bot, "level", None)
    return f"lookahead{level.number}" if level is not None else getattr(bot, "name", None)


class GameBoard:
    """A game table widget. ``GameBoard("origin", seat=0)`` plays you against greedy bots.

    ``game``: a ruleset id, a ``Ruleset`` or a running ``Match``. ``seats``: one entry per seat,
    ``None`` (or ``"human"``) for a person, else a bot or a bot name; by default ``seat`` is a person and
    the others are greedy bots. Several people make a hot-seat game (the screen asks before showing
    the next player's cards). ``auto_bots``: bots move by themselves after each of your actions.
    ``lang``: the language of everything the board shows ("ru", "tr", "vi", "zh_Hant"; by default
    ``EVOLAB_LANG``, then the system's locale, then English).
    """

    def __init__(self, game="origin", seat=0, seats=None, seed=None, players=None, options=None,
                 auto_bots=True, bot_delay=0.0, chart=True, names=None, lang=None):
        import ipywidgets as w
        self.w = w
        self.lang = resolve(lang)
        with using(self.lang):
            self._setup(w, game, seat, seats, seed, players, options, auto_bots, bot_delay, chart, names)

    def _setup(self, w, game, seat, seats, seed, players, options, auto_bots, bot_delay, chart, names):
        self.seat = seat
        self.auto_bots = auto_bots
        self.bot_delay = bot_delay
        self.show_chart = chart
        self.timings = []            # ms from a click to the board drawn again
        self._names = names
        self._revealed = None
        self._build_widgets()
        if isinstance(game, Match):
            self._attach(game)
        else:
            ruleset = game if not isinstance(game, str) else load_ruleset(
                game, **({"players": players} if players else {}), **(options or {}))
            n = ruleset.players
            if seats is None:
                seats = [None if i == seat else "greedy" for i in range(n)]
            self._attach(Match(ruleset, seats=seats, seed=seed))
        self._advance()
        self.render()

    # ---- setup ----------------------------------------------------------------------------------
    def _build_widgets(self):
        w = self.w
        self.header = w.HTML()
        self.banner = w.HTML()
        self.table = w.HTML()
        self.hand = w.HTML()
        # The action panel: its title holds keyboard focus after every click (the buttons are new after
        # each move, so the one that was clicked is gone and focus would fall to the page); Tab goes on to
        # the first move. A Label, because it stays on screen and takes focus.
        self.move_title = w.Label(_("Your move"), tabbable=True)
        self.move_title.add_class("evolab-move-title")
        self.actions = w.VBox()
        self.action_panel = w.VBox([self.move_title, self.actions])
        self.action_panel.add_class("evolab-actions")
        self.log = w.HTML()
        self.chart = w.HTML(layout=w.Layout(max_width="820px", display="none"))     # an SVG chart
        self.chart_description = ""
        self.status = w.HTML()
        big = w.Layout(width="auto", height="38px")
        self.bot_step = w.Button(description=_("Bot: one move"), tooltip=_("Let nature or a bot make one move"),
                                 layout=big)
        self.bot_play = w.Button(description=_("Let the bots play"), tooltip=_("Bots move until a person must decide"),
                                 button_style="info", layout=big)
        self.undo_button = w.Button(description=_("Undo"), tooltip=_("Take back your last decision"), layout=big)
        self.speed = w.FloatSlider(value=self.bot_delay, min=0, max=2, step=0.1, description=_("Bot delay (s)"),
                                   style={"description_width": "initial"})
        self.auto = w.Checkbox(value=self.auto_bots, description=_("Bots move by themselves"))
        self.bot_step.on_click(lambda _: self._click(self.step_bot))
        self.bot_play.on_click(lambda _: self._click(self.play_bots))
        self.undo_button.on_click(lambda _: self._click(self.undo))
        self.speed.observe(lambda c: setattr(self, "bot_delay", c["new"]), "value")
        self.auto.observe(lambda c: setattr(self, "auto_bots", c["new"]), "value")
        # new game
        field = {"description_width": "initial"}
        self.new_ruleset = w.Dropdown(options=edition_options(sorted(available_rulesets())), value=None, description=_("Game"),
                                      style=field, layout=w.Layout(width="230px"))
        self.new_players = w.BoundedIntText(value=2, min=2, max=8, description=_("Players"), style=field,
                                            layout=w.Layout(width="130px"))
        self.new_bots = w.Dropdown(options=opponents(), value="greedy", description=_("Opponents"), style=field,
                                   layout=w.Layout(width="250px"))
        self.new_seed = w.IntText(value=1, description=_("Seed"), style=field, layout=w.Layout(width="170px"))
        self.new_button = w.Button(description=_("New game"), button_style="success",
                                   layout=w.Layout(width="auto", min_width="130px", height="38px"))
        self.new_button.on_click(lambda _: self._click(self.new_game))
        self.new_ruleset.observe(lambda c: self._players_range(c["new"]), "value")
        files = self._files_tab(big)
        controls = w.HBox([self.bot_step, self.bot_play, self.undo_button, self.auto, self.speed])
        newgame = w.HBox([self.new_ruleset, self.new_players, self.new_bots, self.new_seed, self.new_button],
                         layout=w.Layout(flex_flow="row wrap", align_items="center"))
        tabs = w.Tab(children=[w.VBox([newgame]), w.VBox([files])])
        tabs.set_title(0, _("New game"))
        tabs.set_title(1, _("Save / load"))
        self.widget = w.VBox([w.HTML(_CSS), self.header, self.banner, self.table, self.hand,
                              self.action_panel, controls, self.status,
                              w.HTML("<b>" + _("What happened") + "</b>"), self.log, self.chart, tabs],
                             layout=w.Layout(width="100%"))
        self.widget.add_class("evolab-board")

    def _files_tab(self, big):
        """The Save / load tab: a JSON file to download, and a file to load (checked in full before use)."""
        w = self.w
        self.save_button = w.Button(description=_("Save game (JSON)"), layout=big)
        self.save_link = w.HTML()
        self.load_upload = w.FileUpload(accept=".json", multiple=False, description=_("Load game"))
        self.save_button.on_click(lambda _: self._safe(self._offer_download))
        self.load_upload.observe(lambda c: self._safe(self._load_upload), "value")
        return w.HBox([self.save_button, self.save_link, self.load_upload])

    def _attach(self, match):
        with using(self.lang):
            self._attach_match(match)

    def _attach_match(self, match):
        self.match = match
        self.tracker = Tracker()
        self.tracker.start(match)
        match.observers.append(self.tracker)
        n = match.ruleset.players
        names = self._names or [(_("You") if i == self.seat and match.seats[i] is None else
                                 _("Player {n}").format(n=i + 1) +
                                 (" " + _("({bot} bot)").format(bot=_(match.seats[i].name)) if match.seats[i] else ""))
                                for i in range(n)]
        self.names = names
        humans = [i for i, b in enumerate(match.seats) if b is None]
        self.hot_seat = len(humans) > 1
        self.narrator = Narrator(names, None if self.hot_seat else self.seat, lang=self.lang)
        self.log_entries = []        # (moves played when written, text)
        self._chart_turn = 0
        self.chart.layout.display = "none"
        self._new_game_defaults(match)

    def _players_range(self, ruleset_id):
        spec = ruleset_class(ruleset_id).option_specs["players"]
        self.new_players.min, self.new_players.max = spec.min, spec.max
        self.new_players.value = min(max(self.new_players.value, spec.min), spec.max)

    def _new_game_defaults(self, match):
        """The New game tab starts from the game on the board: its edition, players, bots and seed."""
        rs = match.ruleset
        if rs.id in [v for _k, v in self.new_ruleset.options]:
            self.new_ruleset.value = rs.id
            self._players_range(rs.id)
        self.new_players.value = rs.players
        values = [v for _k, v in OPPONENTS]
        bots = [_opponent(b) for b in match.seats if b is not None and _opponent(b) in values]
        if bots:
            self.new_bots.value = bots[0]
        if isinstance(match.seed, int):
            self.new_seed.value = match.seed

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)

    # ---- playing ----------------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def _step(self, action=None):
        with using(self.lang):
            return self._step_told(action)

    def _step_told(self, action):
        ev = self.match.step(action)
        moves = len(self.match.record.moves)
        view = observe(self.match.state, self.viewer())      # the log, too, tells only what this seat may see
        for line in self.narrator.lines(view, ev):
            self.log_entries.append((moves, line))
        return ev

    def _advance(self):
        """Nature's moves always happen; bots move too when ``auto_bots``."""
        m = self.match
        while not m.is_over():
            who = m.to_move
            if who == CHANCE:
                self._step()
            elif m.seats[who] is not None and self.auto_bots:
                self._step()
                if self.bot_delay:
                    self.render()
                    time.sleep(self.bot_delay)
            else:
                break

    def do(self, action):
        """Play ``action`` for the person to move (what a button click does), then let the game go on."""
        with using(self.lang):
            self._do(action)

    def _do(self, action):
        t0 = time.perf_counter()
        self._step(action)
        self._advance()
        self.render()
        self.timings.append(1000 * (time.perf_counter() - t0))

    def step_bot(self):
        """One move of nature or of the bot to move."""
        m = self.match
        if m.is_over() or (m.to_move >= 0 and m.seats[m.to_move] is None):
            self.status.value = "<i>" + (_("A person must move now.") if not m.is_over() else
                                         _("The game is over.")) + "</i>"
            return
        self._step()
        while not m.is_over() and m.to_move == CHANCE:
            self._step()
        self.render()

    def play_bots(self):
        """Bots (and nature) move until a person must decide or the game ends."""
        m = self.match
        while not m.is_over() and not m.waiting_for_human():
            self._step()
            if self.bot_delay:
                self.render()
                time.sleep(self.bot_delay)
        self.render()

    def undo(self):
        """Take back the last decision of a person."""
        if not self.match.undo():
            self.status.value = "<i>" + _("Nothing to undo.") + "</i>"
            return
        n = len(self.match.record.moves)
        self.log_entries = [(k, t) for k, t in self.log_entries if k <= n]
        self.log_entries.append((n, _("(A move was taken back.)")))
        self._rebuild_tracker()
        self.render()

    def _rebuild_tracker(self):
        from ..tracking import _Replay
        self.match.observers.remove(self.tracker)
        self.tracker = Tracker()
        state = self.match.record.initial_state()
        shim = _Replay(self.match.record, state)
        self.tracker.start(shim)
        for mv in self.match.record.moves:
            ev = []
            state.ruleset.apply_inplace(state, mv, ev)
            self.tracker.update(shim, mv, ev)
        self.match.observers.append(self.tracker)
        self._chart_turn = 0

    def new_game(self, ruleset=None, seed=None, bots=None, players=None):
        """Start again (from the New game tab, or from code)."""
        players = players or self.new_players.value
        rid = self.new_ruleset.value if ruleset is None else ruleset
        rs = load_ruleset(rid, players=players) if isinstance(rid, str) else rid
        bots = bots or self.new_bots.value
        seats = [None if i == self.seat else bots for i in range(rs.players)]
        self._attach(Match(rs, seats=seats, seed=self.new_seed.value if seed is None else seed))
        self._revealed = None
        self._advance()
        self.render()

    def save_json(self) -> str:
        return self.match.record.to_json(indent=1)

    def load_json(self, text, seats=None):
        """Continue a saved game (text or bytes; refused with ``SaveFileError`` when the file is corrupt,
        larger than ``evolab.validation.MAX_FILE_BYTES`` or nested too deep)."""
        rec = GameRecord.from_json(text)
        state = rec.replay()
        n = state.ruleset.players
        seats = seats or [None if i == self.seat else "greedy" for i in range(n)]
        m = Match(state.ruleset, seats=[None if s is None else make_bot(s) for s in seats], seed=rec.seed)
        m.record.moves.extend(rec.moves)
        m.record.start = rec.start
        m.state = state
        self._attach(m)
        self._rebuild_tracker()
        self.log_entries.append((len(rec.moves), _("Loaded a saved game at turn {turn}.").format(turn=state.turn)))
        self._advance()
        self.render()

    def _offer_download(self):
        import base64
        data = base64.b64encode(self.save_json().encode()).decode()
        self._saved_at = (self.match, len(self.match.record.moves))
        where = ngettext("(turn {turn}, {n} move)", "(turn {turn}, {n} moves)", self._saved_at[1]).format(
            turn=self.state.turn, n=self._saved_at[1])
        self.save_link.value = (f'<a download="evolab-game.json" href="data:application/json;base64,{data}" '
                                f'style="font-size:17px">⬇ ' + _("Download {file}").format(file="evolab-game.json") +
                                f'</a> <small>{where}</small>')

    def _expire_download(self):
        """A download link holds the game as it was when Save was pressed: once the game moves on (or is
        undone, or another game starts), the link goes, so nobody downloads an old position by mistake."""
        if self.save_link.value and getattr(self, "_saved_at", None) != (self.match, len(self.match.record.moves)):
            self.save_link.value = "<i>" + _("The game has moved on: press Save again to download it as it is now.") + "</i>"
            self._saved_at = None

    def _load_upload(self):
        files = self.load_upload.value
        if not files:
            return
        f = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        if len(f["content"]) > MAX_FILE_BYTES:        # refused before it is copied, decoded or parsed
            raise SaveFileError(_("not a saved game: the file is larger than {limit:,} bytes").format(limit=MAX_FILE_BYTES))
        self.load_json(bytes(f["content"]))

    def _click(self, fn, *args):
        """A click that changes the game: run it, then give keyboard focus back to the action panel."""
        self._safe(fn, *args)
        self.move_title.focus()

    def _safe(self, fn, *args):
        """Run a click handler (in the board's language); show an error in plain words instead of losing it
        in the kernel log."""
        with using(self.lang):
            self._run_safe(fn, *args)

    def _run_safe(self, fn, *args):
        try:
            self.status.value = ""
            fn(*args)
        except Exception as e:    # shown to the user, not swallowed
            self.status.value = f'<span style="color:#b00020;font-weight:700">⚠ {html.escape(str(e))}</span>'

    # ---- drawing ------------------------------------------------------------------------------------
    def viewer(self) -> int:
        """Whose view is on screen: the person to move in a hot-seat game, else ``seat``."""
        m = self.match
        who = m.to_move
        if self.hot_seat and who >= 0 and m.seats[who] is None:
            return who
        return self.seat

    def render(self):
        with using(self.lang):
            self._render()

    def _render(self):
        m = self.match
        s = m.state
        rs = s.ruleset
        pres = rs.edition.presentation
        viewer = self.viewer()
        view = observe(s, viewer)             # the board draws only what this seat may see
        who = m.to_move
        scores = rs.scores(view)
        mover = (_("nobody — the game is over") if who == TERMINAL else _("nature (dice or cards)") if who == CHANCE
                 else self.names[who])
        last = " · <b>" + _("LAST TURN") + "</b>" if pres.last_turn(view) else ""
        if rs.heredity:          # evolab's variant: the board says whose rules these are
            last = " · <i>" + _("Heredity: evolab's classroom variant, not the printed game") + "</i>"
        to_move = _("To move: <b>{who}</b>").format(who=html.escape(mover))
        points = ", ".join(f"{html.escape(self.names[i])} <b>{scores[i]}</b>" for i in range(s.players))
        self.header.value = (
            f"<div style='font-size:20px'><b>{pres.turn_title(view)}</b> · {pres.phase_title(view.phase)}{last} · "
            f"{pres.centre(view)} · {to_move}</div>"
            "<div>" + _("Points now: {points}").format(points=points) + "</div>")
        self.banner.value = self._banner(view, pres)
        self.table.value = pres.table(view, self.names)
        gate = self.hot_seat and who >= 0 and m.seats[who] is None and self._revealed != (who, len(m.record.moves))
        if gate:
            self.hand.value = ("<div class='evolab-banner'>" + _("{name}: your move. The others should look away.").format(
                name=html.escape(self.names[who])) + "</div>")
        else:
            self.hand.value = pres.hand(view, self.names)
        self.actions.children = self._action_widgets(gate)
        self._expire_download()
        lines = self.log_entries[-40:]
        self.log.value = ("<div class='evolab-log'>" +
                          "".join(f"<div>{html.escape(t)}</div>" for _, t in reversed(lines)) + "</div>")
        self._update_chart()

    def _banner(self, view, pres):
        if view.phase == "over":
            rs = view.ruleset
            sc = rs.scores(view)
            winners = rs.winners(view)      # North Star may share a win
            who = html.escape(_(" and ").join(self.names[i] for i in winners))
            if len(winners) > 1:
                text = _("Game over! {who} share the win with {points} points.")
            elif winners == (view.seat,) and not self.hot_seat:
                text = _("Game over! {who} win with {points} points.")
            else:
                text = _("Game over! {who} wins with {points} points.")
            return "<div class='evolab-banner'>" + text.format(who=who, points=max(sc)) + "</div>"
        return pres.banner(view, self.names)

    def _action_widgets(self, gate):
        w = self.w
        m = self.match
        who = m.to_move
        if m.is_over():
            return [w.HTML("<i>" + _("The game is over. Start a new one in the New game tab.") + "</i>")]
        if who < 0 or m.seats[who] is not None:
            return [w.HTML("<i>" + _("Waiting for {who} — press “Let the bots play”.").format(
                who=html.escape(self.names[who]) if who >= 0 else _("nature")) + "</i>")]
        if gate:
            b = w.Button(description=_("I am {name}: show my cards").format(name=self.names[who]), button_style="warning",
                         layout=w.Layout(width="auto", height="40px"))

            def reveal(_):
                self._revealed = (who, len(m.record.moves))
                self.render()
            b.on_click(lambda _: self._click(reveal, _))
            return [b]
        rows = []
        view = observe(m.state, who)            # the buttons are the mover's, drawn from what the mover sees
        pres = view.ruleset.edition.presentation
        for title, acts in pres.group_actions(view, m.legal_actions()):
            label = w.HTML(f"<b>{title}</b>", layout=w.Layout(width="230px"))
            own = [pres.hurts_own(view, a) for a in acts]          # listed last (group_actions), never preselected
            if len(acts) == 1 and not own[0]:
                text = pres.action_label(view, acts[0])
                b = w.Button(description=text, layout=w.Layout(width="auto", height="38px"), tooltip=text)
                b.on_click(lambda _, a=acts[0]: self._click(self.do, a))
                rows.append(w.HBox([label, b]))
            else:
                dd = w.Dropdown(options=[(pres.action_label(view, a), i) for i, a in enumerate(acts)],
                                value=None if own[0] else 0, layout=w.Layout(width="420px"))
                b = w.Button(description=_("Do it"), button_style="primary", layout=w.Layout(width="90px", height="38px"),
                             tooltip=_("{title}: the choice on the left").format(title=title))
                b.on_click(lambda _, acts=acts, dd=dd: self._click(self._do_choice, acts, dd))
                rows.append(w.HBox([label, dd, b]))
        return rows

    def _do_choice(self, acts, dd):
        """The "Do it" of a list: play the chosen move; with nothing chosen (a list of your own animals
        to attack starts empty) say so and change nothing."""
        if dd.value is None:
            self.status.value = "<b>" + _("Choose a move in the list first.") + "</b>"
            return
        self.do(acts[dd.value])

    def _update_chart(self):
        if not self.show_chart:
            return
        rows = self.tracker.rows("traits")
        last = rows[-1]["turn"] if rows else 0
        if last == self._chart_turn:
            return
        self._chart_turn = last
        from .svgchart import trait_frequencies_svg  # no matplotlib: fast, and works offline in the browser
        chart = trait_frequencies_svg(rows, title=_("This game: how common each trait is among living animals"))
        self.chart.value = chart.html()
        self.chart.layout.display = ""       # not None: the browser version's kernel drops None
        self.chart_description = chart.caption

    # ---- for tests and teachers ----------------------------------------------------------------------
    def buttons(self) -> list:
        """(label, button) of every action button on screen now."""
        out = []
        for row in self.actions.children:
            for c in getattr(row, "children", [row]):
                if isinstance(c, self.w.Button):
                    out.append((c.description, c))
        return out

    def text(self) -> str:
        """Everything the board shows as text (for tests and screen readers)."""
        import re
        raw = " ".join([self.header.value, self.banner.value, self.table.value, self.hand.value, self.log.value])
        return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", raw)))

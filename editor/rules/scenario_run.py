"""Build games from scenario files and replay their steps (`conquest moves`, `conquest check`).

Every problem is a Finding with a code, the scenario path and the JSON pointer of the step (and
so line:column): unreadable boards or variants, bad positions, unreadable action text, and each
failed expectation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from editor.engine.compiled import CompileError
from editor.engine.game import Game, State
from editor.i18n import _
from editor.model import load_board
from editor.model.board import Board
from editor.model.findings import Finding, Severity, define
from editor.model.io import LoadResult
from editor.model.names import FieldNames
from editor.model.scenario import Expect, Position, Scenario, VariantRef, load_scenario
from editor.model.variant import Variant, resolve_variant
from editor.rules.notation import parse_or_reason, parse_puzzle, to_text
from editor.rules.scenario_fields import with_field_ids

E, W = Severity.ERROR, Severity.WARNING
SCENARIO_BOARD = define(
    "SCENARIO_BOARD", E, "Scenario board cannot be used",
    "Point 'board' at a valid board file (relative to the scenario) or inline a valid board.",
    area="scenario")
SCENARIO_VARIANT = define(
    "SCENARIO_VARIANT", E, "Scenario variant cannot be used",
    "Name a shipped variant or a *.variant.json path; check the option names and values.",
    area="scenario")
SCENARIO_POSITION = define(
    "SCENARIO_POSITION", E, "Scenario position is not possible",
    "Fix the piece list: known seats, piece types and fields, one stack per field, cargo the "
    "carrier can take, 'to_move' matching 'turn'.", area="scenario")
SCENARIO_NOTATION = define(
    "SCENARIO_NOTATION", E, "Step action cannot be read",
    "Write the action in the notation of docs/rules-engine.md (engine) or RULES.md 5.9 "
    "(puzzle).", area="scenario")
SCENARIO_VERDICT = define(
    "SCENARIO_VERDICT", E, "Step verdict differs from the expectation",
    "Either the rules engine or the expectation is wrong; the message shows the engine's reason.",
    area="scenario")
SCENARIO_EXPECTATION = define(
    "SCENARIO_EXPECTATION", E, "Expected fact does not hold",
    "Compare the expected value with the engine's (shown in the message).", area="scenario")


@dataclass
class Loaded:
    scenario: Scenario | None
    game: Game | None = None
    state: State | None = None
    findings: list[Finding] = field(default_factory=list)
    result: LoadResult | None = None


def resolve_board(ref: str | Board, base: Path) -> tuple[Board | None, list[Finding]]:
    if isinstance(ref, Board):
        return ref, []
    from editor.check.board_checks import check_board
    from editor.resources import locate

    p = locate("boards", ref, base) or base / ref
    result = load_board(p)
    if result.model is None:
        return None, result.findings
    errors = [f for f in result.locate(check_board(result.model)) if f.is_error]
    if errors:
        return None, errors
    return result.model, []


def resolve_variant_ref(ref: str | VariantRef, base: Path) -> tuple[Variant | None, list[Finding]]:
    if isinstance(ref, str):
        rv = resolve_variant(ref, base)
    else:
        rv = resolve_variant(ref.name, base, ref.overlays, ref.options)
    return rv.variant, rv.findings


class PositionError(CompileError):
    """An impossible position, with the JSON pointer (relative to the scenario) to blame."""

    def __init__(self, message: str, pointer: str = "/position") -> None:
        super().__init__(message)
        self.pointer = pointer


def _name(c, field_id: str) -> str:
    """A field id of the compiled board as people read it (its printed number, BOARD-5)."""
    node = c.node_index.get(field_id)
    return field_id if node is None else c.node_names[node]


def _listed(ids: list[str]) -> str:
    """Setup ids in plain words."""
    return ", ".join(f"'{x}'" for x in ids) if ids else _("none")


def _terrain_problem(game: Game, ptype: str, field_id: str) -> str | None:
    """Why a piece of this type cannot stand (not as cargo) on the field, or None."""
    c = game.compiled
    t, node = c.type_index.get(ptype), c.node_index.get(field_id)
    if t is None or node is None or c.stand[t][node]:
        return None
    field_id = c.node_names[node]  # what the message calls it
    if c.is_region[node]:
        entering = [n for i, n in enumerate(c.type_names) if c.wilderness[i]]
        return _("{piece} in wilderness region '{field}': only {items} enter regions "
                 "(WILD-2)").format(piece=ptype, field=field_id, items=entering)
    if c.is_sea[node] != c.sea_type[t]:
        if c.sea_type[t]:
            return _("{piece} on land field '{field}': vessels stay on sea fields "
                     "(MOVE-2)").format(piece=ptype, field=field_id)
        return (_("{piece} on sea field '{field}': land pieces stand on land or ride a vessel"
                  " as cargo (MOVE-2, CARRY-1)").format(piece=ptype, field=field_id))
    if c.is_grail[node]:
        return _("{piece} on grail field '{field}': not among grail_entry_types "
                 "(GRAIL-2)").format(piece=ptype, field=field_id)
    return _("{piece} may not stand on '{field}' (PIECE-CATAPULT-6, CASTLE-5)").format(
               piece=ptype, field=field_id)


def check_variant_ref(ref: str | VariantRef, base: Path) -> list[Finding]:
    """Problems of the scenario's own variant reference, with pointers into the scenario (so a
    typo in an option override is blamed on the scenario, not on the shipped variant file)."""
    from pydantic import ValidationError

    from editor.model.io import _pydantic_findings
    from editor.model.variant import Options, locate_variant

    name = ref if isinstance(ref, str) else ref.name
    out: list[Finding] = []
    if locate_variant(name, base) is None:
        out.append(SCENARIO_VARIANT.at(
            _("variant '{name}' not found: no such file (relative to the scenario) and no "
              "shipped variant of that name").format(name=name),
            "/variant" if isinstance(ref, str) else "/variant/name"))
    if isinstance(ref, str):
        return out
    for i, ov in enumerate(ref.overlays):
        target = locate_variant(ov, base)
        if target is None:
            out.append(SCENARIO_VARIANT.at(_("overlay '{ref}' not found").format(ref=ov),
                f"/variant/overlays/{i}"))
            continue
        rv = resolve_variant(str(target), base)
        if rv.raw is not None and rv.raw.get("overlay") is not True:
            out.append(SCENARIO_VARIANT.at(
                _("'{ref}' is a complete variant, not an overlay (its file does not set "
                  "\"overlay\": true)").format(ref=ov), f"/variant/overlays/{i}"))
    if ref.options:
        try:
            Options.model_validate(ref.options)
        except ValidationError as exc:
            out.extend(SCENARIO_VARIANT.at(_("option override: {message}").format(
                                               message=f.message),
                                           "/variant/options" + f.pointer)
                       for f in _pydantic_findings(exc))
    return out


def build_position(game: Game, pos: Position) -> State:
    """Raises PositionError (with a message and pointer) for impossible positions."""
    st = game.empty_state()
    c = game.compiled
    if pos.to_move not in c.seat_index:
        raise PositionError(_("to_move '{to_move}' is not a seat of the variant").format(
                                to_move=pos.to_move),
                            "/position/to_move")
    for i, p in enumerate(pos.pieces):
        ptr = f"/position/pieces/{i}"
        why = _terrain_problem(game, str(p.piece), p.field)
        if why:
            raise PositionError(_("{owner} {why}").format(owner=p.owner, why=why), ptr)
        try:
            st.add_piece(p.owner, str(p.piece), p.field, [_tree(x) for x in p.cargo],
                         steps=p.steps_used)
        except CompileError as exc:
            raise PositionError(_("{owner} {piece} on {field}: {exc}").format(
                                    owner=p.owner, piece=p.piece, field=_name(c, p.field),
                                    exc=exc),
                                ptr) from None
    si = c.seat_index[pos.to_move]
    if pos.turn is None:
        turn = game.seat_count + si
    else:
        if pos.turn % game.seat_count != si:
            raise CompileError(_("turn {turn} is not a turn of '{to_move}' (turn modulo "
                                 "{seat_count} must be {index})").format(
                                   turn=pos.turn, to_move=pos.to_move,
                                   seat_count=game.seat_count, index=si))
        turn = pos.turn
    captured = {}
    for seat, n in pos.captured.items():
        if seat not in c.seat_index:
            raise CompileError(_("captured: unknown seat '{seat}'").format(seat=seat))
        captured[c.seat_index[seat]] = n
    raised = {}
    for tower, seat in pos.drawbridges_raised.items():
        node = c.node_index.get(tower)
        if node is None or seat not in c.seat_index or not c.has_drawbridge[node]:
            raise CompileError(_("drawbridges_raised: '{name}' is no tower with a drawbridge or "
                                 "'{seat}' no seat").format(name=_name(c, tower), seat=seat))
        raised[node] = c.seat_index[seat]
    window = None
    if pos.pending_response is not None:
        pr = pos.pending_response
        if pr.victim not in c.seat_index or pr.scene not in c.node_index:
            raise CompileError(_("pending_response names an unknown seat or field"))
        scene = c.node_index[pr.scene]
        if st.top_piece(scene) is None:
            raise CompileError(_("pending_response: no capturer on '{name}'").format(
                                   name=_name(c, pr.scene)))
        window = (c.seat_index[pr.victim], scene, pr.partner_only)
    st.arrange(turn, pos.ap_spent, captured, pos.turns_without_capture, raised, window,
               pos.pending_response is not None and pos.pending_response.end_turn_after)
    return st


def _tree(cargo) -> tuple:
    return (str(cargo.piece), [_tree(x) for x in cargo.cargo])


def load(path: str | Path) -> Loaded:
    """Load a scenario and build its game and starting state, or return findings."""
    shown = str(path)
    result = load_scenario(path)
    if result.model is None:
        return Loaded(None, findings=result.findings, result=result)
    scn = result.model
    base = Path(path).parent
    out = Loaded(scn, result=result)
    board, bf = resolve_board(scn.board, base)
    if board is None:
        msg = "; ".join(f.format_line() for f in bf[:3])
        out.findings.append(result.locate([SCENARIO_BOARD.at(
            _("board cannot be used: {msg}").format(msg=msg), "/board")])[0])
        return out
    scn, ambiguous = with_field_ids(scn, board)  # fields by id or printed number (BOARD-5)
    out.scenario = scn
    if ambiguous:
        out.findings.extend(result.locate([SCENARIO_POSITION.at(
            m, p, hint=_("A field may be named by its printed number only when that names one "
                         "field; use its id here.")) for m, p in ambiguous]))
        return out
    bad = check_variant_ref(scn.variant, base)
    if bad:
        out.findings.extend(result.locate(bad))
        return out
    variant, vf = resolve_variant_ref(scn.variant, base)
    if variant is None:
        msg = "; ".join(f.format_line() for f in vf[:3])
        out.findings.append(result.locate([SCENARIO_VARIANT.at(
            _("variant cannot be used: {msg}").format(msg=msg), "/variant")])[0])
        return out
    out.findings += vf  # warnings only, e.g. an older variant's migration note
    setup_id = scn.setup or variant.setup
    if scn.position == "start" and (setup_id is None or board.setup(setup_id) is None):
        have = _listed([x.id for x in board.setups])
        if scn.setup:
            msg, ptr = _("the board has no setup '{setup}'; it has {have}").format(
                setup=scn.setup, have=have), "/setup"
        elif setup_id:
            msg, ptr = _("the board has no setup '{setup}' (the variant's); it has {have}: "
                         "name one with 'setup'").format(setup=setup_id, have=have), "/board"
        else:
            msg, ptr = _("the variant names no setup: name one of the board's ({have}) with "
                         "'setup'").format(have=have), "/setup"
        out.findings.append(result.locate([SCENARIO_POSITION.at(msg, ptr)])[0])
        return out
    try:
        game = Game(board, variant, setup=scn.setup)
        state = game.initial_state() if scn.position == "start" else build_position(
            game, scn.position)
    except CompileError as exc:
        ptr = getattr(exc, "pointer", "/position")
        out.findings.append(result.locate([SCENARIO_POSITION.at(str(exc), ptr)])[0])
        return out
    out.game, out.state = game, state
    del shown  # kept in the signature for the callers
    return out


def _notation_hint(why) -> str | None:
    """A hint that fits why the action text names no action (None: the generic one)."""
    code = getattr(why, "code", None)
    if code == "E_NO_SUCH_PIECE":
        return _("The text is readable, but no piece of that letter stands (or rides) on the "
                 "field in this position (after the previous steps): check the letter and the "
                 "field, or the steps before.")
    if code == "E_NOT_AVAILABLE":
        return _("The text is readable, but this kind of action is not part of the scenario's "
                 "variant or board; mark the step 'expect': 'illegal' with this reason, or change "
                 "the variant.")
    return None


def _differs(key: str, want: object, got: object) -> str:
    """`ap_left: expected 3, engine 5` (the key is the scenario file's, not translated)."""
    return _("{key}: expected {want}, engine {got}").format(key=key, want=want, got=got)


def check_expect(st: State, exp: Expect) -> list[str]:
    """Differences between the expected facts and the state (empty when all hold)."""
    c = st.game.compiled
    bad: list[str] = []
    budget, progress, result = st.budget_info(), st.progress(), st.result()
    if exp.ap_left is not None and st.ap_left() != exp.ap_left:
        bad.append(_differs("ap_left", exp.ap_left, st.ap_left()))
    if exp.ap_spent is not None and budget.spent != exp.ap_spent:
        bad.append(_differs("ap_spent", exp.ap_spent, budget.spent))
    for seat, want in exp.budget.items():
        got = st.budget(c.seat_index[seat]) if seat in c.seat_index else None
        if got != want:
            bad.append(_differs(f"budget[{seat}]", want, got))
    if exp.to_move is not None and c.seat_ids[st.mover] != exp.to_move:
        bad.append(_differs("to_move", exp.to_move, c.seat_ids[st.mover]))
    if exp.actor is not None and st.actor != exp.actor:
        bad.append(_differs("actor", exp.actor, st.actor))
    for fid, want in exp.pieces.items():
        if fid not in c.node_index:
            bad.append(_("pieces: unknown field {field}").format(field=fid))
            continue
        stack = st.stack(fid)
        got = None if stack is None else f"{stack.owner}:{stack.letters}"
        if got != want:
            bad.append(_differs(f"pieces[{_name(c, fid)}]", want, got))
    for fid, want in exp.range_left.items():
        o = st.top_piece(c.node_index[fid]) if fid in c.node_index else None
        got = st.range_left(o) if o is not None else None
        if got != want:
            bad.append(_differs(f"range_left[{_name(c, fid)}]", want, got))
    for seat, want in exp.captured.items():
        got = progress.captured.get(seat)
        if got != want:
            bad.append(_differs(f"captured[{seat}]", want, got))
    if exp.frozen is not None:
        got = sorted(c.seat_ids[s] for s in range(st.game.seat_count) if st.is_frozen(s))
        if got != sorted(exp.frozen):
            bad.append(_differs("frozen", sorted(exp.frozen), got))
    window = st.response_window() is not None
    if exp.response_window is not None and window != exp.response_window:
        bad.append(_differs("response_window", exp.response_window, window))
    if exp.terminal is not None and st.is_terminal() != exp.terminal:
        bad.append(_differs("terminal", exp.terminal, st.is_terminal())
                   + (f" ({result.reason})" if result else ""))
    if exp.winners is not None:
        got = sorted(result.winners) if result else None
        if got != sorted(exp.winners):
            bad.append(_differs("winners", sorted(exp.winners), got)
                       + (f" ({result.reason})" if result else ""))
    for text in exp.legal:
        _a, why = parse_or_reason(st, text)
        if why is not None:
            bad.append(_("legal {text!r}: engine says {why}").format(text=text, why=why))
    for text, code in exp.illegal.items():
        _a, why = parse_or_reason(st, text)
        if why is None:
            bad.append(_("illegal {text!r}: engine accepts it").format(text=text))
        elif why.code != code:
            bad.append(_differs(f"illegal {text!r}", code, why))
    if exp.legal_count is not None:
        n = len(st.legal_actions())
        if n != exp.legal_count:
            bad.append(_differs("legal_count", exp.legal_count, n))
    return bad


def run(path: str | Path) -> list[Finding]:
    """Replay a scenario; one finding per failed expectation (no error: it passes), after the
    warnings of loading it (e.g. FORMAT_MIGRATED for a variant of an older version)."""
    ld = load(path)
    if ld.state is None:
        return ld.findings
    scn, st, res = ld.scenario, ld.state, ld.result
    out: list[Finding] = list(ld.findings)  # notes (warnings) of loading; errors follow

    names = FieldNames(ld.game.board)

    def fail(code, msg: str, pointer: str) -> None:
        out.extend(res.locate([code.at(msg, pointer)]))

    if scn.expect_initial is not None:
        for msg in check_expect(st, scn.expect_initial):
            fail(SCENARIO_EXPECTATION, _("before step 1: {problem}").format(problem=msg),
                 "/expect_initial")
    for i, step in enumerate(scn.steps):
        ptr = f"/steps/{i}"
        if step.notation == "puzzle":
            a, why = parse_puzzle(st, step.action)
            if a is not None:
                why = st.explain(a)
        else:
            a, why = parse_or_reason(st, step.action)
        if a is None and step.expect == "legal":
            out.extend(res.locate([SCENARIO_NOTATION.at(
                _("step {number} {action!r}: {why}").format(
                    number=i + 1, action=step.action, why=why), ptr + "/action",
                hint=_notation_hint(why))]))
            break
        if step.expect == "legal":
            if why is not None:
                fail(SCENARIO_VERDICT, _("step {number} {action!r}: expected legal, engine says "
                                         "{why}").format(number=i + 1, action=step.action,
                                                         why=why), ptr)
                break
            st.apply(a)
        else:
            if why is None:
                shown = names.show(to_text(st, a))
                fail(SCENARIO_VERDICT, (
                    _("step {number} {action!r}: expected illegal ({reason}), engine accepts "
                      "{shown}") if step.reason else
                    _("step {number} {action!r}: expected illegal, engine accepts {shown}")).format(
                    number=i + 1, action=step.action, reason=step.reason, shown=shown), ptr)
                continue
            if step.reason and why.code != step.reason:
                fail(SCENARIO_VERDICT, _("step {number} {action!r}: expected {reason}, engine "
                                         "says {why}").format(number=i + 1, action=step.action,
                                                              reason=step.reason, why=why),
                     ptr + "/reason")
            if step.rule and why.rule != step.rule:
                fail(SCENARIO_VERDICT, _("step {number} {action!r}: expected rule {rule}, engine "
                                         "cites {cited}").format(number=i + 1, action=step.action,
                                                                 rule=step.rule, cited=why.rule),
                     ptr + "/rule")
        if step.after is not None:
            for msg in check_expect(st, step.after):
                fail(SCENARIO_EXPECTATION, _("after step {number} {action!r}: {problem}").format(
                    number=i + 1, action=step.action, problem=msg), ptr + "/after")
    return out

"""Agents that play Conquest: random, greedy and a search agent of graded strength, behind one
interface (`editor.agents.base`), with a heuristic evaluation read from the variant's victory
conditions (`editor.agents.evaluation`). No Qt; above the rules engine, below balance, GUI and
CLI."""

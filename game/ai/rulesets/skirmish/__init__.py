"""The computer player under the one-page skirmish rules (:mod:`.scores`): its scores and
static value replace the Fireteam heuristics (registered with :mod:`game.ai.systems`)."""

from game.ai.rulesets.skirmish.scores import score, value
from game.ai.systems import RuleSetJudgement, register_rule_set
from game.engine.rulesets.skirmish import RULE_SET, Order

JUDGEMENT = register_rule_set(RuleSetJudgement(
    rules=RULE_SET, score=score, value=value, words="Skirmish rules",
    themes={"marker": "Skirmish markers"}, opens_activation=(Order,)))

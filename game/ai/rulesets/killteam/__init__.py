"""The computer player on a Kill Team classic mission (:mod:`.scores`): the pack's decisions,
the value of its standing and its missions' length, added to the Fireteam heuristics
(registered with :mod:`game.ai.systems`)."""

from game.ai.rulesets.killteam.scores import decision_score, pack_value
from game.ai.systems import PackJudgement, register_pack
from game.engine.rulesets.killteam import PACK, last_turning_point

JUDGEMENT = register_pack(PackJudgement(
    pack=PACK, decision=decision_score, value=pack_value,
    last_turning_point=last_turning_point, words="Kill Team classic"))

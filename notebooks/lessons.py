"""What each teaching notebook says: the lesson (French, then English), the worked boards, the quiz boards.

The lessons follow the FFB's 2017 French text of the Laws; where the FFB's 2007 commentaries teach
otherwise, the lesson says what 2017 changed. The boards are scenario ids of the corpus (fsm/scenarios).
"""

from __future__ import annotations

from typing import NamedTuple


class Family(NamedTuple):
    """One notebook. The worked boards come fifth (``family[4]``), as the corpus's tests read them."""

    name: str  # the notebook's file name
    views: tuple[str, ...]  # the decision-tree views to draw, if the diagrams hold them; else `fallback`
    fallback: str
    title: tuple[str, str]  # French, English
    boards: tuple[str, ...]  # worked boards, shown in the stepper
    lesson: str  # French, Markdown
    lesson_en: str  # English, one paragraph
    quiz: tuple[str, ...]  # one question from each
    texts: tuple[str, ...] = ()  # the laws whose FFB text is folded under the lesson (fsm.lawtext)


def _family(
    name: str,
    views: tuple[str, ...],
    fallback: str,
    title: tuple[str, str],
    lesson: str,
    lesson_en: str,
    boards: tuple[str, ...],
    quiz: tuple[str, ...],
    texts: tuple[str, ...],
) -> Family:
    """The lesson is written before its boards below; the record keeps the boards fifth."""
    return Family(name, views, fallback, title, boards, lesson, lesson_en, quiz, texts)


FAMILIES = [
    _family(
        "27_enchere_insuffisante", ("27",), "27",
        ("Loi 27 : l'enchère insuffisante", "Law 27: the insufficient bid"),
        """\
**Ce que dit la loi.** Une enchère qui ne dépasse pas la dernière enchère est insuffisante (Loi 18D).
Faite à son tour, elle relève de la Loi 27 ; faite hors tour, de la Loi 31 (27A2).

**Qui choisit.** L'adversaire de gauche du fautif peut l'accepter : il l'accepte en déclarant (27A1).
Sinon l'arbitre fait remplacer l'enchère insuffisante par une déclaration légale (27B).

**Ce qui en découle.**
- Remplacée par l'enchère suffisante la moins forte qui spécifie la même dénomination : les annonces
  continuent sans autre conséquence, ni restriction d'attaque (26B) ni information non autorisée (16C) (27B1(a)).
- Remplacée par une déclaration comparable (Loi 23A) : pas d'autre conséquence (27B1(b)).
- Dans ces deux cas, l'arbitre peut attribuer une marque ajustée à la fin du jeu si le camp non fautif
  a été lésé (27D).
- Remplacée autrement, par une autre enchère suffisante ou par Passe : le partenaire du fautif doit
  passer jusqu'à la fin des annonces ; restrictions d'attaque possibles (26B), voir la Loi 72C (27B2).
- Un Contre ou un Surcontre non comparable est annulé : le fautif remplace encore, et son partenaire
  passe jusqu'à la fin des annonces (27B3). Une deuxième enchère insuffisante que l'adversaire de gauche
  n'accepte pas est traitée de même (27B4).
- Un remplacement fait avant l'arbitrage est maintenu s'il est légal, à moins que l'adversaire de gauche
  n'accepte l'enchère insuffisante (27C).

**Ce qui a changé en 2017.** Le Code de 2007 exigeait des enchères « incontestablement non artificielles » ;
en 2017 compte la dénomination spécifiée : un transfert peut corriger l'enchère insuffisante.""",
        "An insufficient bid made in turn is Law 27 (out of turn: Law 31, 27A2). The offender's LHO may accept "
        "it by calling (27A1). Otherwise it is replaced: by the lowest sufficient bid specifying the same "
        "denomination, no further rectification, no 26B, no 16C (27B1(a)); by a comparable call, no further "
        "rectification (27B1(b)); in both cases the director may adjust at the end (27D). Any other sufficient "
        "bid or a pass bars partner for the rest of the auction, with 26B and 72C (27B2); a non-comparable "
        "double or redouble, or a second insufficient bid not accepted, is treated likewise (27B3, 27B4). A "
        "replacement made before the ruling stands if legal, unless LHO accepts the insufficient bid (27C). "
        "Since 2017 the denomination specified counts, so an artificial bid such as a transfer may qualify.",
        ("27A1-LHO-accepts-by-calling", "27B1a-artificial-bid-specifying-the-same-suit", "27B2-design-example"),
        ("27B1b-comparable-double", "27B3-non-comparable-double-literal-bar", "27C-replacement-before-ruling-stands"),
        ("27",),
    ),
    _family(
        "28-29_hors_tour", ("28-29",), "28-32",
        ("Lois 28 et 29 : la déclaration hors tour, qui la couvre", "Laws 28 and 29: a call out of rotation, who covers it"),
        """\
**Ce que dit la loi.** Une déclaration faite alors que ce n'était pas le tour du joueur est hors tour.
Deux exceptions : une déclaration faite au tour de l'adversaire de droite tenu de passer est considérée
comme faite à son tour (28A) ; et trois Passe dont l'un hors tour, qui privent un joueur de son tour,
ne terminent pas les annonces : la parole lui revient et ces Passe sont annulés (17D3, 34).

**Qui choisit.**
- L'adversaire de gauche du fautif peut déclarer : la déclaration hors tour est acceptée et il perd le
  droit à une rectification (29A).
- Le joueur dont c'était le tour peut déclarer avant l'arbitrage : sa déclaration est faite à son tour,
  elle annule le droit à l'arbitrage ; les annonces continuent comme si le fautif n'avait pas déclaré.
  La Loi 26 ne s'applique pas, mais voir la Loi 16C2 (28B).

**Ce qui en découle.** Sinon la déclaration hors tour est annulée, la parole revient au joueur dont c'était le
tour, et le camp fautif relève des Lois 30 (Passe), 31 (enchère) ou 32 (Contre, Surcontre) (29B). Pour une
déclaration artificielle, ces lois jouent sur les dénominations spécifiées, non sur celles nommées (29C).""",
        "A call out of rotation. A call at the turn of an RHO who must pass counts as in rotation (28A); three "
        "passes, one out of rotation, that deprive a player of his turn do not end the auction (17D3, 34). The "
        "offender's LHO may call and so accept the call (29A). The player whose turn it was may call before the "
        "ruling: his call is in rotation and the auction goes on as if the offender had not called; no Law 26, "
        "but 16C2 (28B). Otherwise the call is cancelled, the turn goes back, and Laws 30, 31 or 32 apply (29B), "
        "to the denominations an artificial call specifies (29C).",
        ("29A-seed001-example2", "28B-seed001-example1", "17D3-seed003-passes-after-a-skipped-player"),
        ("29A-bid-out-of-rotation-accepted", "28B-pass-out-of-rotation-RHO-calls", "28A-call-at-barred-player-turn"),
        ("17D3", "28", "29"),
    ),
    _family(
        "30_passe_hors_tour", ("30",), "28-32",
        ("Loi 30 : le Passe hors tour", "Law 30: a pass out of rotation"),
        """\
**Ce que dit la loi.** Le Passe hors tour, non accepté (29A), est annulé ; la suite dépend du joueur dont
c'était le tour. Un Passe artificiel, ou un Passe sur la déclaration artificielle du partenaire, relève de la
Loi 31 (30C).

**Qui choisit.** L'adversaire de gauche, d'abord, qui peut accepter en déclarant (29A) ; puis le fautif,
dont l'arbitre juge la déclaration comparable ou non (Loi 23A).

**Ce qui en découle.**
- Au tour de l'adversaire de droite : le fautif doit passer à son prochain tour ; voir la Loi 72C (30A).
- Au tour du partenaire, ou de l'adversaire de gauche si le fautif n'avait pas encore déclaré : le partenaire
  fait n'importe quelle déclaration légale (Loi 16C2) (30B1(a)) ; le fautif aussi, et si elle est comparable
  il n'y a plus d'arbitrage, sans restriction d'attaque (voir 23C) (30B1(b)(i)) ; sinon son partenaire doit
  passer à son prochain tour, avec les Lois 16C, 26B et 72C (30B1(b)(ii)).
- Au tour de l'adversaire de gauche, le fautif ayant déjà déclaré : c'est un changement de déclaration,
  Loi 25 (30B2).

**Ce qui a changé en 2017.** Les commentaires de 2007 font passer le fautif jusqu'à la fin des annonces et
interdisent Contre et Surcontre au partenaire : c'est fini. Le partenaire est libre, et au pire il passe une fois.""",
        "A pass out of rotation, not accepted (29A), is cancelled. At RHO's turn the offender must pass at his next "
        "turn, see 72C (30A). At partner's turn, or at LHO's turn before the offender has called, partner may make "
        "any legal call (16C2), and so may the offender: comparable, no further rectification and no 26B (23C); "
        "not comparable, partner must pass once, with 16C, 26B and 72C (30B1). At LHO's turn after the offender has "
        "called, it is a change of call, Law 25 (30B2). An artificial pass, or a pass over partner's artificial "
        "call, is Law 31 (30C). The 2007 bars (offender passes throughout, partner may not double) are gone.",
        ("30A-pass-at-RHO-turn-refused", "30B1-pass-at-partner-turn-comparable", "30C-pass-over-partner-artificial-call-is-31"),
        ("30A-director-then-player-whose-turn-it-was-calls", "30B1-director-partner-calls-offender-not-comparable", "29A-pass-out-of-rotation-accepted"),
        ("30",),
    ),
    _family(
        "31_enchere_hors_tour", ("31",), "28-32",
        ("Loi 31 : l'enchère hors tour", "Law 31: a bid out of rotation"),
        """\
**Ce que dit la loi.** Une enchère hors tour (ou un Passe artificiel, ou un Passe sur la déclaration
artificielle du partenaire), non acceptée (29A), est annulée ; la suite dépend du joueur dont c'était le tour.

**Qui choisit.** L'adversaire de gauche, qui peut accepter en déclarant (29A) ; au tour de l'adversaire de
droite, ce que celui-ci déclare ; puis l'arbitre, qui juge la déclaration du fautif comparable ou non (23A).

**Ce qui en découle.**
- Au tour de l'adversaire de droite, qui passe : le fautif doit répéter sa déclaration ; si elle est légale,
  il n'y a pas de rectification (31A1).
- Au tour de l'adversaire de droite, qui enchérit, contre ou surcontre : le fautif fait n'importe quelle
  déclaration légale ; comparable, pas d'autre rectification et pas de restriction d'attaque (voir 23C)
  (31A2(a)) ; non comparable, son partenaire doit passer à son prochain tour, avec les Lois 16C, 26B et 72C
  (31A2(b)).
- Au tour du partenaire, ou de l'adversaire de gauche si le fautif n'avait pas encore déclaré : le partenaire
  déclare librement (Loi 16C2) (31B1) ; l'arbitre juge ensuite la déclaration du fautif comme en 31A2 (31B2).
- Une enchère ultérieure du fautif au tour de son adversaire de gauche est un changement de déclaration,
  Loi 25 (31C).

**Ce qui a changé en 2017.** La fiche de 2007 fait passer le partenaire jusqu'à la fin des annonces et parle
de « répéter la dénomination » : en 2017, le partenaire passe au plus une fois, et seul compte le jugement
« comparable ou non ».""",
        "A bid out of rotation (or an artificial pass, or a pass over partner's artificial call), not accepted (29A), "
        "is cancelled. At RHO's turn: if RHO passes the offender must repeat it, no rectification if legal (31A1); "
        "if RHO bids, doubles or redoubles, the offender makes any legal call, comparable: no further rectification "
        "and no 26B (31A2(a)), not comparable: partner passes once, with 16C, 26B, 72C (31A2(b)). At partner's turn, "
        "or LHO's before the offender has called, partner is free (16C2) and the offender's call is judged as in "
        "31A2 (31B). A later bid at LHO's turn is a change of call, Law 25 (31C). The 2007 bar for the rest of the "
        "auction is gone.",
        ("31A1-RHO-passes-offender-repeats", "31A2b-RHO-doubles-offender-not-comparable", "31B-bid-at-partner-turn-partner-free"),
        ("31A2a-RHO-bids-offender-comparable", "31B-dealer-RHO-opens-out-of-rotation-not-comparable", "31A2b-RHO-doubles-not-comparable-judged"),
        ("31",),
    ),
    _family(
        "32_contre_hors_tour", ("32",), "28-32",
        ("Loi 32 : le Contre ou le Surcontre hors tour", "Law 32: a double or redouble out of rotation"),
        """\
**Ce que dit la loi.** Un Contre ou un Surcontre hors tour peut être accepté par l'adversaire de gauche du
fautif (29A), sauf s'il est inadmissible (Loi 36) : celui-là ne peut jamais l'être. Non accepté, il est annulé.

**Qui choisit.** L'adversaire de gauche, qui peut accepter en déclarant ; au tour de l'adversaire de droite,
ce que celui-ci déclare ; puis l'arbitre, qui juge la déclaration du fautif comparable ou non (23A).

**Ce qui en découle.**
- Au tour de l'adversaire de droite, qui passe : le fautif doit répéter son Contre ou son Surcontre, sans
  rectification, sauf s'il est inadmissible : la Loi 36 s'applique (32A1).
- Au tour de l'adversaire de droite, qui enchérit, contre ou surcontre : le fautif fait n'importe quelle
  déclaration légale ; comparable, pas d'autre arbitrage (voir 23C) (32A2(a)) ; non comparable, son partenaire
  doit passer à son prochain tour, avec les Lois 16C, 26B et 72C (32A2(b)).
- Au tour du partenaire : le partenaire déclare librement (Loi 16C2) (32B1) ; la déclaration du fautif est
  jugée comme en 32A2 (32B2).
- Une enchère ultérieure du fautif au tour de son adversaire de gauche est un changement de déclaration,
  Loi 25 (32C).

**Ce qui a changé en 2017.** Les lettres A et B sont inversées par rapport au Code de 2007 (2007 A = tour du
partenaire ; 2017 A = tour de l'adversaire de droite), et le partenaire ne passe plus jusqu'à la fin des annonces.""",
        "A double or redouble out of rotation may be accepted by the offender's LHO (29A), unless inadmissible "
        "(Law 36), which never can be. Not accepted, it is cancelled. At RHO's turn: if RHO passes the offender "
        "repeats it, no rectification unless inadmissible (32A1); if RHO bids, doubles or redoubles, the offender's "
        "call is judged comparable (no further rectification, 23C) or not (partner passes once, 16C, 26B, 72C) "
        "(32A2). At partner's turn, partner is free (16C2) and the offender is judged as in A2 (32B). A later bid at "
        "LHO's turn is Law 25 (32C). Sections A and B are swapped with respect to 2007.",
        # 32A2b-double-at-RHO-turn-then-RHO-bids and 32B-double-at-partner-turn join these once the corpus
        # gives them a deal (its tests want one for every worked board)
        ("32A1-double-at-RHO-turn-repeated",),
        ("32A2b-double-at-RHO-turn-then-RHO-bids", "32B-partner-turn-not-comparable-judged", "29A-double-out-of-rotation-accepted"),
        ("32",),
    ),
    _family(
        "25_changements", ("25",), "25",
        ("Lois 21 et 25 : les changements de déclaration", "Laws 21 and 25: changes of call"),
        """\
**Ce que dit la loi.**
- Déclaration non intentionnelle : le joueur qui n'a pas fait la déclaration qu'il voulait faire peut la
  remplacer, tant que son partenaire n'a pas déclaré, quelle que soit la manière dont il s'en est rendu compte
  (25A1, 25A3, 25A4), et jamais après la fin de la période des annonces (25A5). Erreur mécanique ou lapsus,
  oui ; perte de concentration, non (25A2). La déclaration voulue est maintenue, sans restriction d'attaque.
- Déclaration intentionnelle (changement d'avis) : le remplacement n'est pas autorisé par 25A (25B).
- Information erronée : jusqu'à la fin de la période des annonces, et si son partenaire n'a pas déclaré
  depuis, un joueur peut changer une déclaration que l'information erronée d'un adversaire a pu influencer
  (21B1).

**Qui choisit.** L'arbitre juge si la déclaration était non intentionnelle (25A2) ou influencée par
l'information erronée (21B1). Après un changement selon 25A, l'adversaire de gauche peut reprendre la
déclaration qu'il avait faite entre-temps (25A6) ; après 21B1, il peut changer la sienne (21B2). Pour un
changement d'avis, l'adversaire de gauche décide : il l'accepte en déclarant (25B1).

**Ce qui en découle.** Changement d'avis accepté : la première déclaration est retirée, la seconde est maintenue
(25B1). Refusé : la seconde est annulée, la première est maintenue (25B2). Dans les deux cas la Loi 26 peut
s'appliquer, et la Loi 16C s'applique à toute déclaration retirée ou annulée (25B3).

**Ce qui a changé en 2017.** La condition « sans temps de réflexion » de 2007 a disparu (25A).""",
        "An unintended call (a mechanical error or slip of the tongue, not a loss of concentration) may be replaced "
        "by the intended one until partner calls, however the player noticed, never after the end of the auction "
        "period; no lead restrictions (25A). The offender's LHO may then withdraw a call he made over it (25A6). A "
        "call influenced by an opponent's misinformation may be changed likewise, and LHO may then change his own "
        "(21B). A change of mind (25B) is the LHO's choice: accepted by calling over it, the second call stands "
        "(25B1); otherwise it is cancelled and the first stands (25B2); Law 26 may apply and 16C does (25B3). The "
        "2007 'without pause for thought' condition is gone.",
        ("25A-unintended-substitution", "25B1-change-of-mind-accepted-by-LHO", "25B2-change-of-mind-refused"),
        ("25A6-LHO-withdraws-his-call", "25A4-no-substitution-after-partner-called", "21B1-call-changed-after-misinformation"),
        ("21B", "25"),
    ),
    _family(
        "36-39_inadmissibles", ("36-39",), "36-39",
        ("Lois 35 à 39 : les déclarations inadmissibles", "Laws 35 to 39: inadmissible calls"),
        """\
**Ce que dit la loi.** Sont inadmissibles (Loi 35) : un Contre ou un Surcontre interdit par la Loi 19
(Loi 36) ; une déclaration d'un joueur obligé de passer (Loi 37) ; une enchère au-dessus du palier de sept
(Loi 38) ; une déclaration après le Passe final (Loi 39).

**Qui choisit.** Personne ne peut les accepter : l'arbitre rectifie. Ce qui compte, c'est si l'adversaire de
gauche du fautif a déclaré avant l'arbitrage.

**Ce qui en découle.**
- Contre ou Surcontre inadmissible : si l'adversaire de gauche a déclaré, il est annulé avec toutes les
  déclarations suivantes, et les annonces reprennent comme s'il n'y avait pas eu d'irrégularité, sans 26B
  (36A) ; sinon il est annulé, le fautif fait une déclaration légale et son partenaire passe jusqu'à la fin des
  annonces, avec 26B et 72C (36B). Découvert après l'entame faite face visible, le contrat est marqué comme si
  la déclaration n'avait pas été faite (36C).
- Joueur obligé de passer : si l'adversaire de gauche a déclaré, tout est maintenu, et une obligation de
  passer jusqu'à la fin demeure (37A) ; sinon la déclaration est remplacée par Passe et chaque joueur du camp
  fautif passe jusqu'à la fin des annonces, avec 26B et 72C (37B).
- Au-dessus de sept : jamais joué (38A) ; l'enchère et les suivantes sont annulées (38B), remplacée par Passe,
  le camp fautif passe jusqu'à la fin (38C) ; 26B et 72C, sauf si l'adversaire de gauche avait déclaré (38D).
- Après le Passe final : annulée (39A) ; rien de plus si l'adversaire de gauche a déclaré, pour un Passe d'un
  défenseur, ou pour toute déclaration du camp du déclarant (39B) ; une enchère, un Contre ou un Surcontre
  d'un défenseur ouvre les restrictions d'attaque de la Loi 26B (39C).""",
        "Inadmissible calls (Law 35) cannot be accepted: the director rectifies, and what matters is whether the "
        "offender's LHO called before the ruling. A double or redouble not allowed by Law 19: if LHO called, it and "
        "all later calls are cancelled, no 26B (36A); otherwise cancelled, the offender calls legally and partner "
        "passes for the rest of the auction, 26B, 72C (36B); noticed after the faced lead, the contract is scored as "
        "if it had not been made (36C). A call by a player who must pass: if LHO called, everything stands (37A); "
        "otherwise a pass is substituted and both offenders pass throughout, 26B, 72C (37B). A bid above seven is "
        "never played: it and later calls are cancelled, the offending side passes throughout, 26B and 72C unless "
        "LHO had called (38). A call after the final pass is cancelled; only a defender's bid, double or redouble, "
        "LHO not having called, opens 26B (39).",
        ("36B-inadmissible-double-in-turn", "37B-barred-player-bids", "38-bid-of-eight-in-turn"),
        ("36A-LHO-called-before-the-ruling", "37A-LHO-called-before-the-ruling", "39C-defender-bids-after-the-final-pass"),
        ("35", "36", "37", "38", "39"),
    ),
    _family(
        "24_cartes_exposees", ("24",), "24",
        ("Loi 24 : carte exposée ou attaquée pendant les annonces", "Law 24: a card exposed or led during the auction"),
        """\
**Ce que dit la loi.** Pendant les annonces, quand l'arbitre juge qu'à cause de l'erreur d'un joueur son
partenaire a pu voir la face d'une ou plusieurs de ses cartes, chacune reste face visible sur la table
jusqu'à la fin des annonces. L'information est autorisée pour le camp non fautif, non autorisée pour le camp
fautif (Loi 16C).

**Qui choisit.** L'arbitre constate ; il n'y a pas d'option : le nombre et le rang des cartes décident.

**Ce qui en découle.**
- Une seule carte, plus petite qu'un honneur, non attaquée prématurément : pas d'autre arbitrage (24A).
- Un seul honneur, ou une carte attaquée prématurément : le partenaire du fautif doit passer à son prochain
  tour (24B) ; voir la Loi 72C.
- Deux cartes ou plus : le partenaire du fautif doit passer à son prochain tour (24C).
- À la fin des annonces, si le fautif devient déclarant ou mort, il reprend ses cartes (24D) ; s'il devient
  défenseur, elles deviennent des cartes pénalisées (24E, Lois 50 et 51).""",
        "During the auction, a card the offender's partner could have seen stays face up until the end of the "
        "auction; the information is authorized to the non-offenders, unauthorized to the offenders (16C). A single "
        "card below an honour, not led prematurely: no further rectification (24A). A single honour or a card led "
        "prematurely, or two cards or more: partner must pass at his next turn, see 72C (24B, 24C). If the offender "
        "becomes declarer or dummy he takes his cards back (24D); if a defender, they become penalty cards (24E).",
        ("24A-single-low-card", "24B-honour-exposed", "24D-declaring-side-takes-its-cards-back"),
        # Law 24 leaves nobody a choice: its questions come from the penalty cards it leads to (24E, 50)
        ("50B-penalty-card-from-the-auction-then-a-lead-out-of-turn", "24C-two-cards", "24B-card-prematurely-led"),
        ("24",),
    ),
    _family(
        "41-54_entame", ("41-54",), "41-54",
        ("Lois 41 et 54 : l'entame", "Laws 41 and 54: the opening lead"),
        """\
**Ce que dit la loi.** Après la fin des annonces, l'adversaire de gauche du déclarant présumé entame face
cachée ; cette carte ne peut être reprise que sur instruction de l'arbitre après une irrégularité (41A, Lois
47E et 54). Pendant la période de clarification, le partenaire de l'entameur et le déclarant présumé peuvent
demander des explications (41B). L'entame faite face visible ouvre la période du jeu ; le mort étale (41C).

**Qui choisit.** Quand le mauvais défenseur entame face visible, c'est le déclarant qui choisit (Loi 54) ;
l'entame face cachée de son partenaire lui est rendue.

**Ce qui en découle.**
- Le déclarant étale sa main : il devient le mort, et son partenaire déclarant (54A).
- Il accepte l'entame : le mort étale et le déclarant joue la deuxième carte de sa main (54B).
- S'il a pu voir une carte du mort, il doit accepter, et il reste déclarant (54C).
- Il refuse : la carte est reprise et devient une carte pénalisée majeure (54D) ; quand l'entameur régulier
  prend la main, le déclarant peut exiger ou interdire l'entame de cette couleur (la carte pénalisée est alors
  reprise), ou laisser la carte pénalisée (Loi 50D2).
- Une entame tentée par le camp du déclarant relève de la Loi 24 (54E).""",
        "After the auction the presumed declarer's LHO leads face down; the card may be withdrawn only on the "
        "director's instruction after an irregularity (41A). In the clarification period the leader's partner and "
        "the presumed declarer may ask for explanations (41B). A faced lead starts the play and dummy is spread "
        "(41C). When the wrong defender faces the lead, declarer chooses: spread his hand and become dummy (54A), "
        "accept and play second from his hand (54B), or refuse: the card becomes a major penalty card and, when the "
        "correct leader is on lead, declarer may require or forbid that suit, or leave the penalty card (54D, 50D2). "
        "If he could have seen dummy's cards he must accept and stays declarer (54C). A lead by the declaring side "
        "is Law 24 (54E).",
        ("17D1-lead-face-down-then-faced", "54A-declarer-spreads-and-becomes-dummy", "54D-refused-declarer-requires-the-suit"),
        ("54B-declarer-accepts", "54C-declarer-could-see-dummy", "26B-restricted-opening-leader"),
        ("41", "54"),
    ),
]  # fmt: skip

TOUR = {
    "title": ("Visite guidée", "A guided tour"),
    "intro": """\
Ces carnets montrent, donne par donne, ce que les Lois du bridge de 2017 (texte de la FFB) font des
irrégularités des annonces et de l'entame. Chaque carnet traite une famille de lois : la leçon, l'arbre de
décision, deux ou trois donnes commentées pas à pas, et trois questions.

**Comment lire une étape.** La grille des annonces a les colonnes Nord, Est, Sud, Ouest. Une déclaration
barrée a été annulée ou retirée (la loi est indiquée à côté) ; une déclaration entre crochets attend une
décision. Sous la grille : la loi appliquée, l'état de la donne, et ce que chacun peut faire.""",
    "intro_en": "These notebooks show, board by board, what the 2017 Laws (FFB text) make of irregularities in the "
    "auction and at the opening lead. Each notebook covers one family of laws: the lesson, the decision tree, two "
    "or three worked boards step by step, and three questions. The grid has columns North, East, South, West; a "
    "struck-through call was cancelled or withdrawn (its law beside it); a call in brackets awaits a decision.",
    "regular": "22A-trap-opponent-named-strain-first",
    "regular_text": (
        "Une donne sans irrégularité : le déclarant est le joueur du camp du contrat qui a nommé la dénomination le "
        "premier (22A), même si un adversaire l'a nommée avant lui.",
        "A board without irregularity: declarer is the player of the contract's side who first named its strain "
        "(22A), even if an opponent named it earlier.",
    ),
    "irregular": "27A1-LHO-accepts-by-calling",
    "irregular_text": (
        "Une irrégularité : l'adversaire de gauche accepte une enchère insuffisante en déclarant (27A1).",
        "An irregularity: the LHO accepts an insufficient bid by calling over it (27A1).",
    ),
}

"""Every paragraph accounted for: docs/coverage.md is written from the code, and every paragraph of Laws 17
to 39 without sub-paragraphs is cited by the machine or given a reason (fsm/laws/coverage.yaml).

The expected paragraphs and rules are read from the FFB's text by hand, not from the generator's output."""

import re

import pytest

from fsm.interop import coverage
from fsm.laws import lawtext
from fsm.model.machine import rules

# Read from the Law text: what nothing in the machine applies, and why (kind of reason).
REASONS = {
    **dict.fromkeys(("18A", "18B", "18C", "18E", "19C"), "definition"),
    **dict.fromkeys(("18F", "19A2", "19B2", "33"), "input"),
    **dict.fromkeys(("20F4(a)", "20F5(b)(ii)", "21B1(b)", "23A1", "23A2", "23A3", "25A2"), "judgement"),
    "20F5(b)(i)": "play",
    **dict.fromkeys(("19D", "21B3"), "score"),
    **dict.fromkeys(("20A", "20C1", "20D", "20E", "20F3", "20F5(a)", "20G1", "20G2", "20G3", "29C"), "not_modelled"),
}


def test_the_coverage_page_is_written_from_the_code():
    assert coverage.PATH.read_text(encoding="utf-8") == coverage.markdown(), "run `make docs`"


def test_the_leaf_paragraphs_are_the_ffb_s():
    leaves = coverage.leaves()
    assert len(leaves) == 117
    assert {"17A", "17D3", "20F5(b)(i)", "21B1(a)", "30B1(b)(ii)", "33", "34", "35", "39C"} <= set(leaves)
    # a paragraph with sub-paragraphs is accounted for through them
    assert not {"17", "17D", "20F4", "20F5(b)", "21B1", "30B1", "30B1(b)", "31A2"} & set(leaves)


def test_every_leaf_paragraph_is_cited_by_the_machine_or_has_a_reason():
    statuses = {ref: coverage.status(ref) for ref in coverage.leaves()}
    assert [ref for ref, s in statuses.items() if s == "missing"] == []
    assert {ref: s for ref, s in statuses.items() if s not in ("rule", "machine")} == REASONS
    assert statuses["30C"] == "machine"  # the decision call.kind sends an artificial pass to Law 31 (row 8)
    assert coverage.counts() == {
        "rule": 87, "machine": 1, "definition": 5, "input": 4, "judgement": 7, "play": 1, "score": 2, "not_modelled": 10,
    }  # fmt: skip


def test_a_reason_is_never_given_for_a_paragraph_the_machine_cites_and_names_what_exists():
    data = coverage.reasons()
    leaves = set(coverage.leaves())
    machine = coverage.machine()
    ids = {r.id for r in rules()}
    for ref, reason in data["paragraphs"].items():
        assert ref in leaves, ref
        assert ref not in machine.rules and ref not in machine.elsewhere, f"{ref} is cited: drop its reason"
        assert reason["kind"] in data["kinds"], ref
        assert set(reason) == {"kind", "fr", "en"} and reason["fr"].strip() and reason["en"].strip(), ref
        for named in re.findall(r"`([^`]*--[^`]*)`", reason["fr"] + reason["en"]):
            assert named in ids, f"{ref} names a rule that does not exist: {named}"


# Paragraphs the model applied under another clause, now cited by the rules that apply them.
@pytest.mark.parametrize(
    ("ref", "law", "rule"),
    [
        ("34", "17D3", "auction.calling--auction_ends[three_passes_follow,a_player_deprived,not_only_passes]->auction.calling"),
        ("30B2", "25", "auction.calling--call[call_is_change]->auction.change_of_call"),
        ("31C", "25", "auction.calling--call[call_is_change]->auction.change_of_call"),
        ("32C", "25", "auction.calling--call[call_is_change]->auction.change_of_call"),
        ("31B2", "31A2(a)", "auction.ruling--judge[family_31B,judged_comparable]->auction.calling"),
        ("32B2", "32A2(b)", "auction.ruling--judge[family_32B,judged_not_comparable]->auction.calling"),
        ("31B1", "31B", "auction.bid_out_of_rotation--refuse[by_offender_lho,not_at_rho_turn]->auction.calling"),
        ("30B1(a)", "30B1", "auction.pass_out_of_rotation--refuse[by_offender_lho,not_at_rho_turn]->auction.calling"),
        ("32B1", "32B", "auction.double_out_of_rotation--refuse[by_offender_lho,not_at_rho_turn]->auction.calling"),
        ("26A", "30B1(b)(i)", "auction.ruling--judge[family_30B1,judged_comparable]->auction.calling"),
        ("17B", "17C", "auction.calling--call[call_is_regular,not_misnames_the_bid]->auction.calling"),
        ("21A", "21B1", "auction.change_of_call--judge[change_of_standing_call,judged_not_misinformation]->auction.change_of_call"),
        ("21B1(a)", "21B1", "auction.calling--judge[judged_misinformation]->auction.calling"),
        ("20F4(b)", "21B1", "clarification--judge[judged_misinformation]->clarification"),
        ("20F6", "21B1", "passed_out--judge[judged_misinformation]->passed_out"),
    ],
)  # fmt: skip
def test_a_paragraph_applied_under_another_clause_is_cited_too(ref, law, rule):
    found = {r.id: r for r in rules()}[rule]
    assert found.law == law  # the step's law is unchanged
    assert ref in found.cites
    assert rule in coverage.machine().rules[ref]


def test_the_page_shows_each_paragraph_with_what_accounts_for_it():
    text = coverage.PATH.read_text(encoding="utf-8")
    assert (
        "## Loi 29 — Procédure suite à une déclaration hors tour / Law 29 — Procedure After a Call Out of Rotation"
        in text
    )
    section = text.split("### 29C — Déclaration hors tour artificielle", 1)[1].split("\n### ", 1)[0]
    assert "raison / reason (non modélisé / not modelled)" in section
    assert "`specifies`" in section
    section = text.split("### 34 — Conservation du droit de déclarer", 1)[1].split("\n### ", 1)[0]
    assert (
        "`auction.calling--auction_ends[three_passes_follow,a_player_deprived,not_only_passes]->auction.calling`"
        in section
    )
    assert "`17D3-seed003-passes-after-a-skipped-player`" in section
    assert "Non modélisés / not modelled: 20A, 20C1, 20D, 20E, 20F3, 20F5(a), 20G1, 20G2, 20G3, 29C." in text
    # the clauses of 40 to 54 the model cites, with the rules citing them
    assert f"### {lawtext.cite('54D', 'fr')} / {lawtext.cite('54D', 'en')}" in text
    assert "`lead_out_of_turn--refuse[not_bound_to_accept]->clarification.declarer_options`" in text
    assert "### Loi 72C" not in text and "### Loi 16C" not in text  # outside 17 to 54

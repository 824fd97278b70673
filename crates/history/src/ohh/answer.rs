//! What the hand-as-played routes add to an answer (API.md, "The hand as
//! played"): the verdict on the betting, the next action of a hand in
//! progress, in the API's words and with pointers into the request.

use crate::ohh::read::OhhRead;
use serde::Serialize;
use showdown_contract::settle::{ExplainRule, ExplainStep, PlayerRequest};
use showdown_core::betting::{Aggression, End, Game, Next, Options, Verdict};

/// The verdict (RULES.md §16.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BettingAnswer {
    /// Every action in turn and of a size the rules allow.
    pub legal: bool,
    /// One per action that broke a rule, in the order played.
    pub findings: Vec<FindingAnswer>,
}

/// One action that broke a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FindingAnswer {
    /// The action's pointer into the request (`/ohh/rounds/2/actions/3`).
    pub at: String,
    /// `outOfTurn`, `underRaise`, ... (RULES.md §16.6).
    pub code: String,
    /// The rule it breaks: `TDA 41B`, `§16.3`, ...
    pub rule: String,
    /// One sentence saying what went wrong.
    pub message: String,
}

/// The verdict with each finding at its action's pointer, `prefix` put
/// before the hand's own pointers (`/ohh`).
pub fn betting(verdict: &Verdict, read: &OhhRead, prefix: &str) -> BettingAnswer {
    verdict_at(verdict, &|step| format!("{prefix}{}", read.pointer(step)))
}

/// The verdict with each finding at the pointer `at` gives its step.
pub fn verdict_at(verdict: &Verdict, at: &dyn Fn(usize) -> String) -> BettingAnswer {
    BettingAnswer {
        legal: verdict.legal(),
        findings: verdict
            .findings
            .iter()
            .map(|f| FindingAnswer {
                at: at(f.step),
                code: f.code.name().to_string(),
                rule: f.code.rule().to_string(),
                message: f.code.sentence().to_string(),
            })
            .collect(),
    }
}

/// One explanation step per finding, in the order played (API.md:
/// `explain` gains a step per finding and cites the TDA rule); `players`
/// are the settle request's, in the betting's order, and `at` gives a
/// step's pointer. They move no chips: the chips count as they went in.
pub fn finding_steps(
    verdict: &Verdict,
    players: &[PlayerRequest],
    at: &dyn Fn(usize) -> String,
) -> Vec<ExplainStep> {
    verdict
        .findings
        .iter()
        .map(|f| {
            let rule = f.code.rule();
            let source = match rule.strip_prefix("TDA ") {
                Some(number) => format!("TDA 2013 Rule {number}"),
                None => format!("RULES.md {rule}"),
            };
            let player = players.get(f.player);
            let id = player.map_or_else(String::new, |p| p.id.clone());
            let name = player.map_or_else(String::new, |p| {
                showdown_contract::settle::safe_name(p.name.as_deref().unwrap_or(&p.id))
            });
            let text = format!(
                "{name}'s action at {}: {} ({source}); it stands as recorded and the chips count as they went in (RULES.md §16.6).",
                at(f.step),
                f.code.sentence()
            );
            ExplainStep {
                rule: ExplainRule::BettingFinding,
                source,
                pot: None,
                players: vec![id],
                amount: 0,
                text,
            }
        })
        .collect()
}

/// The answer of `POST /v1/betting`: the verdict so far and the next action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BettingNext {
    /// The verdict on the actions so far.
    pub betting: BettingAnswer,
    /// Who is to act and what they may do, or why nobody is.
    pub next: NextAnswer,
}

/// Who is to act and what they may do, or why nobody is (RULES.md §16.7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum NextAnswer {
    /// A player is to act.
    Act(ToAct),
    /// Nobody is: the round or the hand is over.
    Over(Over),
}

/// The player to act.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToAct {
    /// The player to act: the OHH player `id` (PHH: `p1`, `p2`, ... as the
    /// hand lists them).
    #[schema(value_type = Value)]
    pub to_act: serde_json::Value,
    /// The round being bet: `Preflop`, `Flop`, `Turn` or `River` (PHH
    /// stud: `Third` to `Seventh`; draw: `Predraw`, `Draw1`, ...).
    pub round: String,
    /// The chips the player must add to call, at most their stack (0: a
    /// check is open).
    pub to_call: u64,
    /// Every chip in the middle, this round's bets and dead money included.
    pub pot: u64,
    /// What the player may do.
    pub options: OptionsAnswer,
}

/// What the player may do; amounts are round totals but `call`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionsAnswer {
    /// True (TDA 50: a fold stands even when a check is open), but for
    /// stud's bring-in, which is forced.
    pub fold: bool,
    /// `true` when there is nothing to call; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub check: Option<bool>,
    /// The chips to add to call; left out when there is nothing to call.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub call: Option<u64>,
    /// When the round has no bet yet: the round totals a bet may make;
    /// left out when the player may not bet.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub bet: Option<Range>,
    /// When the round has a bet (the opening blind included): the round
    /// totals a raise may make; left out when the player may not raise
    /// (capped, not re-opened, or no chips past the call).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub raise: Option<Range>,
    /// The round total with every chip in.
    pub all_in: u64,
    /// Stud's third street before anything is bet: the bring-in the
    /// player to act may post instead of completing; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub bring_in: Option<u64>,
    /// Stud's third street while the bet is at most the bring-in: the
    /// completion's round total (`raise` gives it as a range too); left
    /// out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub complete: Option<u64>,
}

/// The smallest and largest round totals a bet or raise may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Range {
    /// The smallest round total.
    pub min: u64,
    /// The largest: the pot limit in pot limit, the whole stack in no
    /// limit, the level plus one unit (or the stack) in fixed limit.
    pub max: u64,
    /// When the most another player still in the hand can match is below
    /// `min`: that round total, allowed too (RULES.md §16.3, nobody to
    /// call); left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub match_all: Option<u64>,
}

/// Nobody is to act: the round is over, or the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Over {
    /// `round`, `runOut`, `showdown` or `uncontested`.
    pub over: String,
    /// After `round`: the round whose cards come next.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub deal: Option<String>,
}

/// The name of betting round `round` (0 first) of `game`: a flop game's
/// streets, stud's third to seventh, a draw game's rounds by the draw
/// before them.
pub fn round_name(game: Game, round: usize) -> &'static str {
    let names: &[&'static str] = match game {
        Game::Flop => &["Preflop", "Flop", "Turn", "River"],
        Game::Stud { .. } => &["Third", "Fourth", "Fifth", "Sixth", "Seventh"],
        Game::SingleDraw | Game::TripleDraw => &["Predraw", "Draw1", "Draw2", "Draw3"],
    };
    let last = names[game.rounds() - 1];
    names.get(round).copied().unwrap_or(last)
}

/// The next action in the API's words, rounds named as `game` names them;
/// `id` names player `p` as the request does.
pub fn next(game: Game, next: &Next, id: &dyn Fn(usize) -> serde_json::Value) -> NextAnswer {
    let over = |over: &str, deal: Option<String>| {
        NextAnswer::Over(Over {
            over: over.to_string(),
            deal,
        })
    };
    match *next {
        Next::Act { player, options } => NextAnswer::Act(to_act(game, id(player), &options)),
        Next::Deal { round } => over("round", Some(round_name(game, round).to_string())),
        Next::Over(End::RunOut { .. }) => over("runOut", None),
        Next::Over(End::Showdown) => over("showdown", None),
        Next::Over(End::Uncontested { .. }) => over("uncontested", None),
    }
}

fn to_act(game: Game, player: serde_json::Value, o: &Options) -> ToAct {
    let to_call = o.call.map_or(0, |c| c.to.saturating_sub(o.has));
    let range = o.raise.map(|r| Range {
        min: r.min,
        max: r.max,
        match_all: r.match_all,
    });
    let betting = o.raise.map(|r| r.kind);
    ToAct {
        to_act: player,
        round: round_name(game, o.round).to_string(),
        to_call,
        pot: o.pot,
        options: OptionsAnswer {
            fold: o.fold,
            check: o.check.then_some(true),
            call: o.call.map(|_| to_call),
            bet: range.filter(|_| betting == Some(Aggression::Bet)),
            raise: range.filter(|_| betting != Some(Aggression::Bet)),
            all_in: o.all_in,
            bring_in: o.bring_in,
            complete: o
                .raise
                .filter(|r| r.kind == Aggression::Complete)
                .map(|r| r.min),
        },
    }
}

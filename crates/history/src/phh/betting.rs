//! A PHH hand's actions handed to the core's betting rules (RULES.md §16):
//! the hand read as steps (forced posts, then each action, with the board
//! as it is dealt, a stud player's cards by their place), and the verdict
//! on them. Flop, stud and draw games: a stud street starts with its
//! cards, a draw round with its first draw (`streets`).
//!
//! Seats follow the replay: PHH index `i` sits in seat `i + 1`, the last
//! index on the button. Heads-up PHH lists the blinds small first but the
//! button (the second player) posts the small one (TDA 33), as the replay
//! reads them.

use crate::ohh::answer::{finding_steps, next, verdict_at, BettingAnswer, BettingNext};
use crate::phh::reader::{Decimal, PhhHand};
use crate::phh::replay::input_scale;
use crate::phh::replay::table::words;
use crate::phh::streets::Streets;
use showdown_cards::{Card, VariantId};
use showdown_core::betting::{
    Act, Action, BettingHand, Dealt, Forced, Game, Limits, Seat, Step, Structure,
};

/// What the betting rules say of one recorded hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BettingJudged {
    /// Every action in turn and of a size the rules allow.
    Legal,
    /// The findings, each `action index: code (rule)`.
    Findings(Vec<String>),
    /// An action the rules cannot apply at all (§16.6's refusals).
    Refused(String),
    /// Not judged: a game or a record this reading does not take.
    NotJudged(String),
}

/// The verdict of RULES.md §16 on `hand`'s betting.
pub fn judge_betting(hand: &PhhHand) -> BettingJudged {
    let (betting, actions) = match betting_hand(hand) {
        Ok(read) => read,
        Err(why) => return BettingJudged::NotJudged(why),
    };
    match showdown_core::betting::verdict(&betting) {
        Ok(v) if v.findings.is_empty() => BettingJudged::Legal,
        Ok(v) => BettingJudged::Findings(
            v.findings
                .iter()
                .map(|f| {
                    let at = place(&actions, Some(f.step));
                    format!("{at}: {} ({})", f.code.name(), f.code.rule())
                })
                .collect(),
        ),
        Err(e) => BettingJudged::Refused(format!("{}: {}", place(&actions, e.step), e.refusal)),
    }
}

/// The verdict in the API's words, each finding at `/actions/{i}` (the
/// PHH route's `betting`); `None` for a hand this reading does not judge,
/// or whose actions the rules cannot apply.
pub fn betting_answer(hand: &PhhHand) -> Option<BettingAnswer> {
    let (betting, actions) = betting_hand(hand).ok()?;
    let verdict = showdown_core::betting::verdict(&betting).ok()?;
    Some(verdict_at(&verdict, &|s| place(&actions, Some(s))))
}

/// The explanation's steps of the findings (`?explain=true`), each at
/// `/actions/{i}`; none for a hand this reading does not judge.
pub fn betting_steps(
    hand: &PhhHand,
    players: &[showdown_contract::settle::PlayerRequest],
) -> Vec<showdown_contract::settle::ExplainStep> {
    let Ok((betting, actions)) = betting_hand(hand) else {
        return Vec::new();
    };
    match showdown_core::betting::verdict(&betting) {
        Ok(v) => finding_steps(&v, players, &|s| place(&actions, Some(s))),
        Err(_) => Vec::new(),
    }
}

/// `POST /v1/betting` of a PHH hand so far: the verdict and the next
/// action, players `p1`, `p2`, ...; or a refusal's pointer and words.
pub fn betting_next(hand: &PhhHand) -> Result<BettingNext, (String, String)> {
    let (betting, actions) = betting_hand(hand).map_err(|why| (String::new(), why))?;
    let replay = showdown_core::betting::replay(&betting)
        .map_err(|e| (place(&actions, e.step), e.refusal.to_string()))?;
    Ok(BettingNext {
        betting: verdict_at(&replay.verdict, &|s| place(&actions, Some(s))),
        next: next(betting.game, &replay.next, &|p| {
            format!("p{}", p + 1).into()
        }),
    })
}

/// Where a step came from: its action's pointer, or the forced bets.
fn place(actions: &[Option<usize>], step: Option<usize>) -> String {
    match step.and_then(|s| actions.get(s).copied().flatten()) {
        Some(a) => format!("/actions/{a}"),
        None => "/blinds_or_straddles".to_string(),
    }
}

/// The structure of a PHH variant code: its game and its betting.
fn structure(
    hand: &PhhHand,
    amount: &dyn Fn(Decimal) -> Option<u64>,
) -> Result<(Game, Structure), String> {
    let game = match hand.variant.as_str() {
        "NT" | "NS" | "PO" | "FO/8" | "FT" => Game::Flop,
        "F7S" | "F7S/8" => Game::Stud { low: false },
        "FR" => Game::Stud { low: true },
        "N2L1D" => Game::SingleDraw,
        "F2L3D" | "FB" => Game::TripleDraw,
        other => return Err(format!("variant `{other}` is not judged")),
    };
    let blinds: Vec<u64> = hand
        .blinds_or_straddles
        .iter()
        .filter_map(|&d| amount(d))
        .collect();
    let largest = blinds.iter().copied().max().unwrap_or(0);
    let size = |d: Option<Decimal>, default: u64| d.and_then(amount).unwrap_or(default);
    let min_bet = size(hand.min_bet, largest);
    let structure = match hand.variant.as_bytes()[0] {
        b'N' => Structure::NoLimit { min_bet },
        b'P' => Structure::PotLimit { min_bet },
        _ => {
            let small = size(hand.small_bet, largest);
            Structure::FixedLimit(Limits::new(small, size(hand.big_bet, 2 * small)))
        }
    };
    Ok((game, structure))
}

/// The chips each player has behind and in this round, the round's bet,
/// stud's bring-in, and the streets so far.
struct Chips {
    behind: Vec<u64>,
    round: Vec<u64>,
    bet: u64,
    bring_in: u64,
    streets: Streets,
}

impl Chips {
    fn put(&mut self, p: usize, to: u64) -> bool {
        let to = to.min(self.round[p] + self.behind[p]);
        self.behind[p] -= to.saturating_sub(self.round[p]);
        self.round[p] = self.round[p].max(to);
        self.bet = self.bet.max(to);
        self.behind[p] == 0
    }

    /// Stud's bring-in posted by `p`: the post, and whether it is all in.
    fn bring_in(&mut self, p: usize) -> (Act, bool) {
        let amount = self.bring_in;
        let all_in = self.put(p, amount);
        let post = Act::Post {
            forced: Forced::BringIn,
            amount,
            dead: false,
        };
        (post, all_in)
    }

    /// A `cbr` to `to`: stud's completion over the bring-in, a raise over
    /// a bet, else a bet.
    fn aggression(&self, to: u64) -> Act {
        // The bring-in may complete without posting first (bet 0).
        let completes = matches!(self.streets.game(), Game::Stud { .. })
            && self.streets.round == 0
            && self.bring_in > 0
            && self.bet <= self.bring_in;
        if completes {
            Act::Complete { to }
        } else if self.bet > 0 {
            Act::Raise { to }
        } else {
            Act::Bet { to }
        }
    }

    fn next_round(&mut self) {
        self.round.iter_mut().for_each(|r| *r = 0);
        self.bet = 0;
    }
}

/// The hand as the core's betting reads it, and for each step the index of
/// the action it came from (`None` for the forced posts).
pub fn betting_hand(hand: &PhhHand) -> Result<(BettingHand, Vec<Option<usize>>), String> {
    let scale = input_scale(hand);
    let amount = |d: Decimal| d.at_scale(scale).and_then(|v| u64::try_from(v).ok());
    let (game, structure) = structure(hand, &amount)?;
    let n = hand.starting_stacks.len();
    let stacks: Vec<u64> = hand
        .starting_stacks
        .iter()
        .map(|&d| amount(d))
        .collect::<Option<_>>()
        .ok_or("a stack is not a whole amount")?;
    let seats = (0..n)
        .map(|i| Seat {
            seat: i as u32 + 1,
            stack: stacks[i],
            sitting_out: false,
        })
        .collect();
    let bring_in = hand.bring_in.and_then(amount).unwrap_or(0);
    let mut chips = Chips {
        behind: stacks,
        round: vec![0; n],
        bet: 0,
        bring_in,
        streets: Streets::new(game, n),
    };
    let mut steps = Vec::new();
    let mut from = Vec::new();
    posts(hand, &amount, &mut chips, &mut steps)?;
    from.resize(steps.len(), None);
    for (i, text) in hand.actions.iter().enumerate() {
        for step in step(&words(text), &mut chips, &amount)? {
            steps.push(step);
            from.push(Some(i));
        }
    }
    let button = game.has_button().then_some(n as u32);
    let betting = BettingHand {
        seats,
        button,
        game,
        structure,
        chip_unit: 1,
        steps,
        showing: chips.streets.showing(stud_variant(&hand.variant)),
        bring_in: chips.bring_in,
    };
    Ok((betting, from))
}

/// The variant whose up cards a stud street is opened by (razz: lowest).
fn stud_variant(code: &str) -> VariantId {
    match code {
        "FR" => VariantId::Razz,
        "F7S/8" => VariantId::StudHiLo,
        _ => VariantId::Stud,
    }
}

/// The antes, then the blinds and straddles, as forced posts.
fn posts(
    hand: &PhhHand,
    amount: &dyn Fn(Decimal) -> Option<u64>,
    chips: &mut Chips,
    steps: &mut Vec<Step>,
) -> Result<(), String> {
    for (p, &d) in hand.antes.iter().enumerate() {
        let ante = amount(d).ok_or("an ante is not a whole amount")?;
        if ante > 0 {
            chips.behind[p] -= ante.min(chips.behind[p]);
            steps.push(post(p, Forced::Ante, ante));
        }
    }
    let heads_up = hand.starting_stacks.len() == 2;
    for (i, &d) in hand.blinds_or_straddles.iter().enumerate() {
        let blind = amount(d).ok_or("a blind is not a whole amount")?;
        let p = if heads_up { 1 - i } else { i };
        if blind > 0 {
            let forced = match i {
                0 => Forced::SmallBlind,
                1 => Forced::BigBlind,
                _ => Forced::Straddle,
            };
            chips.put(p, blind);
            // §16.3: the others call a big blind's full amount even when
            // it is all in for less; a straddle's is what it posted (what
            // `put` leaves), as the core reads the post.
            if forced == Forced::BigBlind {
                chips.bet = chips.bet.max(blind);
            }
            steps.push(post(p, forced, blind));
        }
    }
    Ok(())
}

fn post(player: usize, forced: Forced, amount: u64) -> Step {
    Step::Act(Action::new(
        player,
        Act::Post {
            forced,
            amount,
            dead: false,
        },
    ))
}

/// One PHH action as its steps: none for what the betting does not read
/// (hole cards dealt in flop and draw games), two for a stud deal of down
/// and up cards.
fn step(
    words: &[&str],
    chips: &mut Chips,
    amount: &dyn Fn(Decimal) -> Option<u64>,
) -> Result<Vec<Step>, String> {
    let player = |p: &str| -> Result<usize, String> {
        p.strip_prefix('p')
            .and_then(|k| k.parse::<usize>().ok())
            .filter(|&k| k >= 1 && k <= chips.behind.len())
            .map(|k| k - 1)
            .ok_or_else(|| format!("`{p}` is not a player"))
    };
    let act = |p: usize, act: Act, all_in: bool| {
        vec![Step::Act(Action {
            player: p,
            act,
            all_in,
        })]
    };
    if matches!(words.get(1), Some(&("f" | "cc" | "cbr" | "pb"))) {
        chips.streets.bet();
    }
    Ok(match words {
        ["d", "dh", p, cards] => {
            let p = player(p)?;
            let (steps, starts) = chips.streets.deal(p, cards);
            if starts {
                chips.next_round();
            }
            steps
        }
        ["d", "db", cards] => {
            chips.next_round();
            vec![Step::Deal {
                to: Dealt::Board,
                cards: known_cards(cards),
            }]
        }
        [p, "f"] => act(player(p)?, Act::Fold, false),
        [p, "cc"] => {
            let p = player(p)?;
            if chips.round[p] >= chips.bet {
                act(p, Act::Check, false)
            } else {
                let to = chips.bet.min(chips.round[p] + chips.behind[p]);
                let all_in = chips.put(p, to);
                act(p, Act::Call { to }, all_in)
            }
        }
        [p, "pb"] => {
            let p = player(p)?;
            let (post, all_in) = chips.bring_in(p);
            act(p, post, all_in)
        }
        [p, "cbr", total] => {
            let p = player(p)?;
            let to = Decimal::parse(total)
                .and_then(amount)
                .ok_or("an amount is not whole")?;
            let kind = chips.aggression(to);
            let all_in = chips.put(p, to);
            act(p, kind, all_in)
        }
        [p, "sm", rest @ ..] => {
            let shown = rest.first().is_some_and(|c| !c.contains('?'));
            act(player(p)?, if shown { Act::Show } else { Act::Muck }, false)
        }
        [p, "sd", ..] => {
            let p = player(p)?;
            if chips.streets.draw() {
                chips.next_round();
            }
            act(p, Act::Draw, false)
        }
        other => return Err(format!("action `{}` is not read", other.join(" "))),
    })
}

/// The cards of a deal that the record shows (`??` left out).
fn known_cards(text: &str) -> Vec<Card> {
    (0..text.len() / 2)
        .filter_map(|i| text.get(2 * i..2 * i + 2))
        .filter_map(|c| c.parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phh::reader::parse_one;

    fn judged(actions: &str) -> BettingJudged {
        let text = format!(
            "variant = \"NT\"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n\
             min_bet = 2\nstarting_stacks = [100, 100, 100]\nactions = [{actions}]\n"
        );
        judge_betting(&parse_one(&text, "t").unwrap())
    }

    #[test]
    fn rules_16_2_a_hand_in_turn_is_legal_and_one_out_of_turn_is_pointed_at() {
        let dealt = r#""d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h2c""#;
        let legal =
            format!(r#"{dealt}, "p3 cbr 6", "p1 f", "p2 cc", "d db 2s3s4s", "p2 cc", "p3 cc""#);
        assert_eq!(judged(&legal), BettingJudged::Legal);
        // The big blind acts before the button: its action is the finding.
        let early = format!(r#"{dealt}, "p2 cc", "p3 cbr 6", "p1 f", "p2 cc""#);
        let BettingJudged::Findings(f) = judged(&early) else {
            panic!()
        };
        assert_eq!(f[0], "/actions/3: outOfTurn (TDA 37)");
    }

    #[test]
    fn rules_16_2_heads_up_the_button_posts_the_small_blind_and_acts_first() {
        // PHH lists heads-up blinds small first; the second player, on the
        // button, posts it, acts first before the flop and last after it.
        let text = "variant = \"PO\"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n\
                    min_bet = 2\nstarting_stacks = [500, 500]\nactions = [\"p2 cbr 6\", \
                    \"p1 cc\", \"d db 2s3s4s\", \"p1 cc\", \"p2 cbr 10\", \"p1 f\"]\n";
        let hand = parse_one(text, "hu").unwrap();
        assert_eq!(judge_betting(&hand), BettingJudged::Legal);
    }

    #[test]
    fn rules_16_3_a_raise_below_the_minimum_is_under_raise() {
        let actions = r#""p3 cbr 6", "p1 cbr 8""#;
        let BettingJudged::Findings(f) = judged(actions) else {
            panic!()
        };
        assert_eq!(f[0], "/actions/1: underRaise (TDA 41A)");
    }

    #[test]
    fn a_variant_the_betting_does_not_know_is_not_judged() {
        let mut hand = parse_one(
            "variant = \"NT\"\nstarting_stacks = [100, 100]\nactions = []\n",
            "x",
        )
        .unwrap();
        hand.variant = "XX".into();
        assert!(matches!(judge_betting(&hand), BettingJudged::NotJudged(_)));
    }
}

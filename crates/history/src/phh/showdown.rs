//! Whether a recorded showdown follows RULES.md §15: the players who
//! showed or mucked (`sm` actions) in the order §15 gives (TDA 16: the
//! last aggressor first, else the first to act, then clockwise), and no
//! muck of a hand §15 shows. Each muck whose cards the record deals is
//! put back in the hand for the check, so §15 can judge it.

use crate::phh::reader::PhhHand;
use crate::phh::replay::{player_id, replay as replay_hand, Replayed};
use showdown_contract::settle::settle_request;
use showdown_contract::settle::{SettleRequest, ShowdownRequest};

/// What became of one recorded showdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShowdownVerdict {
    /// The order and every muck are §15's.
    Follows,
    /// The record differs from §15, and how.
    Differs { reason: String },
}

/// `None` when the hand has no showdown to judge: fewer than two players
/// at the end, or no `sm` action.
pub fn judge_hand(hand: &PhhHand) -> Option<ShowdownVerdict> {
    let replayed = replay_hand(hand).ok()?;
    judge(&replayed)
}

/// [`judge_hand`] of a replayed hand.
pub fn judge(replayed: &Replayed) -> Option<ShowdownVerdict> {
    let rec = &replayed.recorded;
    if rec.sm.is_empty() {
        return None;
    }
    let req = with_muckers(replayed);
    let event = match settle_request(&req) {
        Ok(e) => e,
        Err(e) => {
            let reason = format!("not settled with the mucked hands: {:?}", e.errors);
            return Some(ShowdownVerdict::Differs { reason });
        }
    };
    let entries = event.data.showdown.unwrap_or_default();
    if entries.len() < 2 {
        return None;
    }
    let index = |id: &str| id.strip_prefix('p').and_then(|n| n.parse::<usize>().ok());
    let expected: Vec<(usize, bool, String)> = entries
        .iter()
        .filter_map(|e| Some((index(&e.agent_id)? - 1, e.shown, e.why.to_string())))
        .collect();
    let mut problems = Vec::new();
    let recorded: Vec<usize> = dedup(rec.sm.iter().map(|&(i, _)| i));
    let rule: Vec<usize> = expected
        .iter()
        .map(|e| e.0)
        .filter(|i| recorded.contains(i))
        .collect();
    let in_hand: Vec<usize> = recorded
        .iter()
        .copied()
        .filter(|i| rule.contains(i))
        .collect();
    if in_hand != rule {
        problems.push(format!("order {}, §15 {}", names(&in_hand), names(&rule)));
    }
    for &(i, shown) in &rec.sm {
        match expected.iter().find(|e| e.0 == i) {
            Some((_, true, why)) if !shown => {
                problems.push(format!("{} mucked a hand §15 shows ({why})", player_id(i)));
            }
            None if !shown => problems.push(format!("{}'s mucked cards unknown", player_id(i))),
            _ => {}
        }
    }
    Some(if problems.is_empty() {
        ShowdownVerdict::Follows
    } else {
        ShowdownVerdict::Differs {
            reason: problems.join("; "),
        }
    })
}

/// The replayed request with every mucked hand the record deals back in
/// (live, its cards as dealt, its chips as put in), the showdown's facts
/// from the actions, and no player choosing to show: §15 alone decides.
fn with_muckers(replayed: &Replayed) -> SettleRequest {
    let rec = &replayed.recorded;
    let mut req = replayed.request.clone();
    for &(i, shown) in &rec.sm {
        let (Some(p), Some(Some(hole))) = (req.players.get_mut(i), rec.hole.get(i)) else {
            continue;
        };
        if !shown && p.folded && !hole.is_empty() {
            p.folded = false;
            p.cards = Some(hole.clone());
        }
    }
    for ((p, &live), hole) in req.players.iter_mut().zip(&rec.live).zip(&rec.hole) {
        p.committed = live;
        p.shows = false;
        // A hand left uncontested by a muck was sent without cards.
        if !p.folded && p.cards.is_none() {
            p.cards = hole.clone();
        }
    }
    let live = |i: &usize| req.players.get(*i).is_some_and(|p| !p.folded);
    let last_aggressor = rec.last_aggressor.filter(live).map(player_id);
    let betting = req
        .players
        .iter()
        .filter(|p| !p.folded && p.committed.saturating_add(p.dead.unwrap_or(0)) != p.stack)
        .count();
    req.showdown = Some(ShowdownRequest {
        last_aggressor,
        run_out: rec.run_out && betting <= 1,
        ..ShowdownRequest::default()
    });
    req
}

/// Each player once, in the order first named.
fn dedup(players: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut out = Vec::new();
    for p in players {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

fn names(players: &[usize]) -> String {
    let n: Vec<String> = players.iter().map(|&i| player_id(i)).collect();
    n.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phh::reader::parse_one;

    /// Three-handed hold'em written for these tests: p3 (the button) bets
    /// the river, p1 and p2 call; p3 has a straight, p1 two pair, p2 a
    /// pair. `SHOWS` is the `sm` actions.
    fn hand(shows: &str) -> PhhHand {
        let text = format!(
            "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [50, 100, 0]\n\
             min_bet = 100\nstarting_stacks = [1000, 1000, 1000]\n\
             actions = ['d dh p1 Ks9h', 'd dh p2 QcQd', 'd dh p3 Tc6c', 'p3 cc', 'p1 cc', \
             'p2 cc', 'd db Kd9s8c', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 7h', 'p1 cc', 'p2 cc', \
             'p3 cc', 'd db 2d', 'p1 cc', 'p2 cc', 'p3 cbr 200', 'p1 cc', 'p2 cc', {shows}]\n"
        );
        parse_one(&text, "t.phh").unwrap()
    }

    #[test]
    fn rules_15_1_the_replay_reads_the_last_aggressor_and_no_run_out() {
        let r = replay_hand(&hand("'p3 sm Tc6c', 'p1 sm', 'p2 sm'")).unwrap();
        assert_eq!(r.recorded.last_aggressor, Some(2));
        assert!(!r.recorded.run_out);
        assert_eq!(r.recorded.sm, [(2, true), (0, false), (1, false)]);
        // Both mucked: out of the request, the hand is uncontested there.
        assert!(r.request.showdown.is_none());
        let r = replay_hand(&hand("'p3 sm Tc6c', 'p1 sm Ks9h', 'p2 sm'")).unwrap();
        let sd = r.request.showdown.as_ref().unwrap();
        assert_eq!(sd.last_aggressor.as_deref(), Some("p3"));
        assert!(!sd.run_out);
    }

    #[test]
    fn rules_15_2_the_aggressor_first_and_the_beaten_mucking_follow() {
        let v = judge_hand(&hand("'p3 sm Tc6c', 'p1 sm', 'p2 sm'"));
        assert_eq!(v, Some(ShowdownVerdict::Follows));
        // Showing a beaten hand is the player's choice (`shows`).
        let v = judge_hand(&hand("'p3 sm Tc6c', 'p1 sm Ks9h', 'p2 sm'"));
        assert_eq!(v, Some(ShowdownVerdict::Follows));
    }

    #[test]
    fn rules_15_4_a_record_out_of_order_or_a_winner_mucking_differs() {
        let v = judge_hand(&hand("'p1 sm Ks9h', 'p3 sm Tc6c', 'p2 sm'"));
        let Some(ShowdownVerdict::Differs { reason }) = v else {
            panic!("{v:?}")
        };
        assert_eq!(reason, "order p1 p3 p2, §15 p3 p1 p2");
        let v = judge_hand(&hand("'p2 sm QcQd', 'p1 sm Ks9h', 'p3 sm'"));
        let Some(ShowdownVerdict::Differs { reason }) = v else {
            panic!("{v:?}")
        };
        assert!(
            reason.contains("p3 mucked a hand §15 shows (first)"),
            "{reason}"
        );
    }

    #[test]
    fn rules_15_3_a_recorded_show_is_shows_in_the_request() {
        let r = replay_hand(&hand("'p3 sm Tc6c', 'p1 sm Ks9h', 'p2 sm'")).unwrap();
        let shows: Vec<bool> = r.request.players.iter().map(|p| p.shows).collect();
        assert_eq!(shows, [true, false, true]);
        let event = settle_request(&r.request).unwrap();
        let why: Vec<(String, String)> = event
            .data
            .showdown
            .unwrap()
            .iter()
            .map(|e| (e.agent_id.to_string(), e.why.to_string()))
            .collect();
        let want = [("p3", "first"), ("p1", "chose")].map(|(a, b)| (a.to_string(), b.to_string()));
        assert_eq!(why, want);
    }

    #[test]
    fn rules_15_1_an_all_in_called_then_the_board_run_out() {
        let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [50, 100]\n\
            min_bet = 100\nstarting_stacks = [1000, 1000]\n\
            actions = ['d dh p1 AhAd', 'd dh p2 KsKd', 'p2 cbr 1000', 'p1 cc', \
            'd db 2c7d9h', 'd db Js', 'd db 3c', 'p1 sm AhAd', 'p2 sm KsKd']\n";
        let r = replay_hand(&parse_one(text, "t.phh").unwrap()).unwrap();
        assert_eq!(r.recorded.last_aggressor, Some(1));
        assert!(r.recorded.run_out);
        let sd = r.request.showdown.as_ref().unwrap();
        assert!(sd.run_out);
        // Face up (TDA 15), in action order: the all-in raiser p2 first.
        let v = judge(&r);
        let Some(ShowdownVerdict::Differs { reason }) = v else {
            panic!("{v:?}")
        };
        assert_eq!(reason, "order p1 p2, §15 p2 p1");
    }
}

//! The names of a position resolved to card instances (`key`, `key#k`).

use super::*;

/// Where a named card of a position goes (besides majins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Zone2 {
    Hand,
    MajinBox,
    Graveyard,
    Damage,
}

/// The position's names resolved to card instances.
pub(super) struct Placement {
    /// Which cards are placed.
    pub(super) used: Vec<bool>,
    /// Each majin's cards.
    majins: Vec<Vec<CardId>>,
    /// Each player's other zones.
    zones: BTreeMap<(u8, Zone2), Vec<CardId>>,
}

/// One name of a position.
struct Slot<'a> {
    seat: Seat,
    field: String,
    name: &'a str,
    /// Majin index, or the zone.
    place: Result<usize, Zone2>,
}

impl Placement {
    pub(super) fn cards(&self, seat: Seat, zone: Zone2) -> Vec<CardId> {
        self.zones.get(&(seat.0, zone)).cloned().unwrap_or_default()
    }

    pub(super) fn majin_cards(&self, k: usize) -> Vec<CardId> {
        self.majins.get(k).cloned().unwrap_or_default()
    }

    /// The copies of `key` in `seat`'s deck, in instance order; an error names the field.
    fn copies(rules: &Rules, seat: Seat, key: &str, field: &str) -> Result<Vec<CardId>, Error> {
        let def: DefId = rules
            .cards
            .find(key)
            .ok_or_else(|| Error::scenario(field, format!("unknown card `{}`", clip(key))))?;
        Ok((0..rules.num_cards())
            .map(|i| CardId(i as u16))
            .filter(|&c| rules.owner(c) == seat && rules.def_of(c) == Some(def))
            .collect())
    }

    /// The copy `name` names among the cards not yet `taken` (for forced shuffles).
    pub(super) fn unplaced_copy(
        rules: &Rules,
        seat: Seat,
        name: &str,
        taken: &[bool],
        field: &str,
    ) -> Result<CardId, Error> {
        let (key, k) = parse_card_name(name);
        let copies = Placement::copies(rules, seat, key, field)?;
        let card = match k {
            Some(k) => copies.get(k - 1).copied().filter(|c| !taken[c.index()]),
            None => copies.iter().copied().find(|c| !taken[c.index()]),
        };
        card.ok_or_else(|| {
            Error::scenario(
                field,
                format!(
                    "`{}` is not among {seat}'s shuffled cards (it is placed, named twice, or \
                     the deck holds no such copy)",
                    clip(name)
                ),
            )
        })
    }

    /// Resolves every name: explicit copies (`key#k`) first, then plain names in field
    /// order, each taking the first free copy of its key.
    pub(super) fn resolve(rules: &Rules, sc: &Scenario) -> Result<Placement, Error> {
        let mut slots = Vec::new();
        for (k, m) in sc.majins.iter().enumerate() {
            for (i, name) in m.cards.iter().enumerate() {
                slots.push(Slot {
                    seat: m.owner,
                    field: format!("majins[{k}].cards[{i}]"),
                    name,
                    place: Ok(k),
                });
            }
        }
        for (p, spec) in sc.players.iter().enumerate() {
            let lists = [
                ("hand", Zone2::Hand, &spec.hand),
                ("majin_box", Zone2::MajinBox, &spec.majin_box),
                ("graveyard", Zone2::Graveyard, &spec.graveyard),
                ("damage", Zone2::Damage, &spec.damage),
            ];
            for (label, zone, list) in lists {
                for (i, name) in list.iter().enumerate() {
                    slots.push(Slot {
                        seat: Seat(p as u8),
                        field: format!("players[{p}].{label}[{i}]"),
                        name,
                        place: Err(zone),
                    });
                }
            }
        }
        // Every card is placed at most once, so a longer list is refused before any work.
        if slots.len() > rules.num_cards() {
            return Err(Error::scenario(
                "players",
                format!(
                    "{} cards are placed, but the game holds {}",
                    slots.len(),
                    rules.num_cards()
                ),
            ));
        }
        let mut owner_of: Vec<Option<usize>> = vec![None; rules.num_cards()];
        let mut ids: Vec<Option<CardId>> = vec![None; slots.len()];
        for explicit in [true, false] {
            for (n, slot) in slots.iter().enumerate() {
                let (key, k) = parse_card_name(slot.name);
                if k.is_some() != explicit {
                    continue;
                }
                let copies = Placement::copies(rules, slot.seat, key, &slot.field)?;
                let card = match k {
                    Some(k) => *copies.get(k - 1).ok_or_else(|| {
                        Error::scenario(
                            &slot.field,
                            format!(
                                "{}'s deck holds {} `{}`: there is no `{}`",
                                slot.seat,
                                copies.len(),
                                clip(key),
                                clip(slot.name)
                            ),
                        )
                    })?,
                    None => copies
                        .iter()
                        .copied()
                        .find(|c| owner_of[c.index()].is_none())
                        .ok_or_else(|| {
                            Error::scenario(
                                &slot.field,
                                if copies.is_empty() {
                                    format!("{}'s deck holds no `{}`", slot.seat, clip(key))
                                } else {
                                    format!(
                                        "{}'s deck has no more `{}`: all {} copies are placed",
                                        slot.seat,
                                        clip(key),
                                        copies.len()
                                    )
                                },
                            )
                        })?,
                };
                if let Some(first) = owner_of[card.index()] {
                    return Err(Error::scenario(
                        &slot.field,
                        format!(
                            "`{}` is placed twice: also at `{}`",
                            clip(slot.name),
                            slots[first].field
                        ),
                    ));
                }
                owner_of[card.index()] = Some(n);
                ids[n] = Some(card);
            }
        }
        let mut placement = Placement {
            used: owner_of.iter().map(Option::is_some).collect(),
            majins: vec![Vec::new(); sc.majins.len()],
            zones: BTreeMap::new(),
        };
        for (slot, id) in slots.iter().zip(ids) {
            let Some(id) = id else { continue };
            match slot.place {
                Ok(k) => placement.majins[k].push(id),
                Err(zone) => placement
                    .zones
                    .entry((slot.seat.0, zone))
                    .or_default()
                    .push(id),
            }
        }
        Ok(placement)
    }
}

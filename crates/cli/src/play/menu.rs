//! The menu of a seat's legal actions: identical choices once, long menus grouped in two
//! steps by the game's [`fuda_core::TextUi::menu_group`] headings.

use crate::games::CliGame;

/// Menus longer than this are grouped when the game gives at least two headings.
const GROUP_OVER: usize = 12;

/// One line of a menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A legal action, by its index among the legal actions.
    Action(usize),
    /// A heading that opens a group of actions, by its index among the groups.
    Group(usize),
}

/// A seat's choices, ready to show.
pub struct Menu<'a, G: CliGame> {
    config: &'a G::Config,
    view: &'a G::View,
    legal: &'a [G::Action],
    labels: Vec<String>,
    top: Vec<Entry>,
    groups: Vec<(String, Vec<usize>)>,
}

impl<'a, G: CliGame> Menu<'a, G> {
    /// The menu of `legal`, described from `view`.
    pub fn new(config: &'a G::Config, view: &'a G::View, legal: &'a [G::Action]) -> Self {
        let labels: Vec<String> = (legal.iter())
            .map(|a| G::describe_action(config, view, a))
            .collect();
        // Two copies of one card give actions that read the same: offer the first only.
        let mut unique: Vec<(usize, Option<String>)> = Vec::new();
        for (i, a) in legal.iter().enumerate() {
            let group = G::menu_group(config, view, a);
            if !(unique.iter()).any(|(j, g)| labels[*j] == labels[i] && *g == group) {
                unique.push((i, group));
            }
        }
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        for (i, group) in &unique {
            if let Some(heading) = group {
                match groups.iter_mut().find(|(h, _)| h == heading) {
                    Some((_, members)) => members.push(*i),
                    None => groups.push((heading.clone(), vec![*i])),
                }
            }
        }
        let grouped = unique.len() > GROUP_OVER && groups.len() >= 2;
        let mut top = Vec::new();
        for (i, group) in &unique {
            let entry = match group.as_ref().filter(|_| grouped) {
                None => Entry::Action(*i),
                Some(heading) => {
                    let g = (groups.iter()).position(|(h, _)| h == heading).unwrap_or(0);
                    match groups[g].1.as_slice() {
                        [only] => Entry::Action(*only),
                        _ => Entry::Group(g),
                    }
                }
            };
            if !top.contains(&entry) {
                top.push(entry);
            }
        }
        if !grouped {
            groups.clear();
        }
        Menu {
            config,
            view,
            legal,
            labels,
            top,
            groups,
        }
    }

    /// The entries of the first step.
    pub fn top(&self) -> Vec<Entry> {
        self.top.clone()
    }

    /// The actions of group `g`.
    pub fn group_entries(&self, g: usize) -> Vec<Entry> {
        self.groups[g].1.iter().map(|&a| Entry::Action(a)).collect()
    }

    /// The heading of group `g`.
    pub fn heading(&self, g: usize) -> &str {
        &self.groups[g].0
    }

    /// The menu line of an entry.
    pub fn label(&self, entry: &Entry) -> String {
        match *entry {
            Entry::Action(a) => self.labels[a].clone(),
            Entry::Group(g) => format!("{} ▸ {} choices", self.groups[g].0, self.groups[g].1.len()),
        }
    }

    /// What an entry does: the game's explanation of an action, or a group's choices.
    pub fn explain(&self, entry: &Entry) -> String {
        match *entry {
            Entry::Action(a) => G::explain_action(self.config, self.view, &self.legal[a]),
            Entry::Group(g) => {
                let lines: Vec<String> = (self.groups[g].1.iter())
                    .map(|&a| format!("  - {}", self.labels[a]))
                    .collect();
                format!("{}:\n{}", self.groups[g].0, lines.join("\n"))
            }
        }
    }

    /// The action to make for the seat when its only choice is a pass.
    pub fn only_pass(&self) -> Option<usize> {
        match self.top.as_slice() {
            [Entry::Action(a)] if self.labels[*a].to_lowercase().starts_with("pass") => Some(*a),
            _ => None,
        }
    }
}

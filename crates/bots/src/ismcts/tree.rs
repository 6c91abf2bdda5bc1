//! The search tree of [`super::IsmctsBot`]: an arena of nodes keyed by action sequences.

use fuda_core::{Seat, MAX_SEATS};

/// Index of a node in the arena.
pub(super) type NodeId = u32;

/// The root is always the first node.
pub(super) const ROOT: NodeId = 0;

/// One node: the sequence of actions from the root to it, as statistics.
#[derive(Clone, Debug)]
pub(super) struct Node<A> {
    /// The seat whose action led here (the root's is unused).
    pub mover: Seat,
    /// Iterations that passed through this node.
    pub visits: u32,
    /// Iterations in which this node's action was legal at its parent (ISMCTS's
    /// availability count, standing in for the parent's visits in UCT).
    pub avail: u32,
    /// Sum of `mover`'s rewards over the visits.
    pub reward: f64,
    /// Children, sorted by action (legal lists are sorted, so matching them is a merge).
    pub children: Vec<(A, NodeId)>,
}

impl<A> Node<A> {
    fn new(mover: Seat) -> Self {
        Node {
            mover,
            visits: 0,
            avail: 0,
            reward: 0.0,
            children: Vec::new(),
        }
    }

    /// The mover's mean reward (0 before the first visit).
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / f64::from(self.visits)
        }
    }
}

/// The arena. Its size is bounded by the caller (`max_nodes`).
#[derive(Clone, Debug)]
pub(super) struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Ord + Clone> Tree<A> {
    /// An empty tree (call [`Tree::reset`] before use).
    pub fn new() -> Self {
        Tree { nodes: Vec::new() }
    }

    /// Drops every node but a fresh root (the allocation is kept for the next search).
    pub fn reset(&mut self, root_mover: Seat) {
        self.nodes.clear();
        self.nodes.push(Node::new(root_mover));
    }

    /// How many nodes the tree holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// A node (ids come from this tree, so they are in range).
    pub fn node(&self, id: NodeId) -> &Node<A> {
        &self.nodes[id as usize]
    }

    /// A node, mutably.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<A> {
        &mut self.nodes[id as usize]
    }

    /// Adds the child reached from `parent` by `action` of `mover`, keeping the children
    /// sorted. The caller has checked that no such child exists.
    pub fn add_child(&mut self, parent: NodeId, action: A, mover: Seat) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node::new(mover));
        let children = &mut self.nodes[parent as usize].children;
        let at = children.partition_point(|(a, _)| *a < action);
        children.insert(at, (action, id));
        id
    }

    /// Adds one iteration's rewards to every node of `path`.
    pub fn back_up(&mut self, path: &[NodeId], rewards: &[f64; MAX_SEATS]) {
        for &id in path {
            let node = &mut self.nodes[id as usize];
            node.visits += 1;
            node.reward += rewards[node.mover.index() % MAX_SEATS];
        }
    }
}

import Basics

/// The command tree as the completion scripts read it: every command with the options and arguments
/// the parser accepts there, and how each value completes.
///
/// The bash, zsh and fish scripts are all written from this one reading of the same `CommandSpec`
/// tree the parser runs on, so a script cannot offer what the parser refuses, nor miss what it takes.
struct CompletionTree {
    /// One command: `movies` itself (an empty path), a group (`news`) or a leaf (`news list`).
    struct Node {
        /// The names from below the program: `[]`, `["news"]`, `["news", "list"]`.
        let path: [String]
        let spec: CommandSpec
        /// The options offered here: the command's visible ones, then the global ones.
        let offered: [OptionSpec]
        /// Every option the parser takes here, hidden ones and spellings included (so a script knows
        /// that `add -n` takes the next word even though it never offers `-n`).
        let accepted: [OptionSpec]

        /// `news list`, as the scripts key their tables.
        var key: String { path.joined(separator: " ") }

        /// True for a group, whose first word is a subcommand.
        var isGroup: Bool { spec.hasSubcommands }

        /// How the positional word at `index` completes (after the command's own words), or nil when
        /// no argument is expected there. A group's first word is one of its subcommands.
        func argument(at index: Int) -> CompletionKind? {
            if isGroup {
                return index == 0 ? .list(spec.subcommands.map(\.name)) : nil
            }
            if index < spec.arguments.count { return spec.arguments[index].valueType.completion }
            if let last = spec.arguments.last, last.isRepeating { return last.valueType.completion }
            return nil
        }
    }

    /// A program name and the command it starts at: `movies` at the root, `news` (the symlink) at the
    /// news group.
    struct Program {
        let name: String
        let path: [String]
    }

    /// Every command, the root first, then depth first in the order help lists them.
    let nodes: [Node]
    let programs: [Program]

    init(root: CommandSpec, globalOptions: [OptionSpec], programs: [Program]) {
        var nodes: [Node] = []
        func visit(_ spec: CommandSpec, path: [String]) {
            let own = spec.options
            nodes.append(
                Node(
                    path: path, spec: spec,
                    offered: own.filter { !$0.isHidden } + globalOptions.filter { !$0.isHidden },
                    accepted: own + globalOptions))
            for subcommand in spec.subcommands {
                visit(subcommand, path: path + [subcommand.name])
            }
        }
        visit(root, path: [])
        self.nodes = nodes
        self.programs = programs
    }

    /// The tree of `movies`, with the `news` program at its news group.
    static let movies = CompletionTree(
        root: MoviesCLI.rootSpec, globalOptions: MoviesCLI.globalOptions,
        programs: [
            Program(name: MoviesCLI.rootSpec.name, path: []),
            Program(name: NewsCommand.name, path: [NewsCommand.name]),
        ])

    /// The nodes a program reaches: all of them for `movies`, the news group's for `news`.
    func nodes(of program: Program) -> [Node] {
        nodes.filter { $0.path.starts(with: program.path) }
    }

    /// The path of the group a `help` command explains commands of: its parent.
    static func helpGroup(of node: Node) -> [String] {
        Array(node.path.dropLast())
    }

    /// The first line of `text`, for a one-line description.
    static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? ""
    }
}

/// `movies completions bash|zsh|fish`
enum CompletionsCommand: Command {
    static let shell = Argument<CompletionShell>("shell", help: "The shell to complete in.")

    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script for movies.",
        discussion: """
            The script knows every command, option and value (ratings, sort orders, formats). Install it with:
              bash:  movies completions bash > ~/.local/share/bash-completion/completions/movies
              zsh:   movies completions zsh > ~/.zfunc/_movies   (with ~/.zfunc on $fpath)
              fish:  movies completions fish > ~/.config/fish/completions/movies.fish
            """,
        arguments: [shell.spec])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let shell = arguments[Self.shell] else { return }
        let generator = CompletionScript(root: MoviesCLI.rootSpec, globalOptions: MoviesCLI.globalOptions)
        switch shell {
        case .bash: context.output.write(generator.bash())
        case .zsh: context.output.write(generator.zsh())
        case .fish: context.output.write(generator.fish())
        }
    }
}

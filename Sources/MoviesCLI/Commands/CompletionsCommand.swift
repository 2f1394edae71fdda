/// `movies completions bash|zsh|fish`
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script for movies.",
        discussion: """
            The script knows every command, option and value (ratings, sort orders, formats). Install it with:
              bash:  movies completions bash > ~/.local/share/bash-completion/completions/movies
              zsh:   movies completions zsh > ~/.zfunc/_movies   (with ~/.zfunc on $fpath)
              fish:  movies completions fish > ~/.config/fish/completions/movies.fish
            """,
        arguments: [
            ArgumentSpec(
                name: "shell", help: "The shell to complete in.", allowedValues: ["bash", "zsh", "fish"])
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let generator = CompletionScript(root: MoviesCLI.rootSpec, globalOptions: MoviesCLI.globalOptions)
        switch arguments.string("shell") {
        case "bash": context.output.write(generator.bash())
        case "zsh": context.output.write(generator.zsh())
        default: context.output.write(generator.fish())
        }
    }
}

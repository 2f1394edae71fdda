/// `movies completions`: see docs/COMMANDS.md, written from the declarations below.
struct CompletionsCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "completions",
        abstract: "Print a shell completion script for movies.",
        discussion: """
            The script knows every command, option and value (ratings, sort orders, formats, files), offers \
            the titles of the list the line names where a film or a feed goes, and completes the news \
            symlink too. Install it with:
              bash:  movies completions bash > ~/.local/share/bash-completion/completions/movies
                     ln -s movies ~/.local/share/bash-completion/completions/news
              zsh:   movies completions zsh > ~/.zfunc/_movies   (with ~/.zfunc on $fpath)
              fish:  movies completions fish > ~/.config/fish/completions/movies.fish
                     ln -s movies.fish ~/.config/fish/completions/news.fish
            """)

    @Argument("shell", help: "The shell to complete in.")
    var shell: CompletionShell

    func runSynchronously(in context: CommandContext) throws {
        let tree = CompletionTree.movies
        switch shell {
        case .bash: context.output.write(BashCompletion(tree: tree).script())
        case .zsh: context.output.write(ZshCompletion(tree: tree).script())
        case .fish: context.output.write(FishCompletion(tree: tree).script())
        }
    }
}

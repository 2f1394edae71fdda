import Foundation
import PackagePlugin

/// Compiles the package's `Migrations/*.sql` files into the target that applies this plugin.
///
/// The SQL becomes a Swift source file (`EmbeddedMigrations.swift`) so a `movies` binary copied
/// anywhere still creates and migrates its database: there is no resource bundle to lose.
/// Every `.sql` file is declared as an input, so editing or adding one regenerates the source.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let migrations = context.package.directoryURL.appending(path: "Migrations")
        let sqlFiles = try FileManager.default
            .contentsOfDirectory(at: migrations, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(sqlFiles.count) migrations into \(target.name)",
                executable: try context.tool(named: "embed-migrations").url,
                arguments: [output.path] + sqlFiles.map(\.path),
                inputFiles: sqlFiles,
                outputFiles: [output]
            )
        ]
    }
}

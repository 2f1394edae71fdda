// The `movies` executable: everything lives in MoviesCLI, so it can be tested and reused.
import Foundation
import MoviesCLI

exit(await MoviesCLI.main(commandLine: CommandLine.arguments))

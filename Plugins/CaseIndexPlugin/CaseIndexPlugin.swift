import Foundation
import PackagePlugin

/// Generates `LifecycleCaseIndices.swift` for the target it is applied to (PaymentWorld) at build
/// time, from the Swift files under the target's `Lifecycles/` folder and `WorldEvent.swift` (the
/// facts, whose `Kind` it writes), with the in-package tool `CaseIndexGenerator`.
///
/// A build command, not a prebuild command: it can run a tool built from this package's source,
/// and SwiftPM reruns it only when a lifecycle file (or the tool) changes. The file is written to
/// the plugin's work directory in `.build` and compiled into the target; nothing is checked in.
@main
struct CaseIndexPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
            .filter { Self.isLifecycleFile($0, of: target.name) || $0.lastPathComponent == "WorldEvent.swift" }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "LifecycleCaseIndices.swift")
        return [
            .buildCommand(
                displayName: "Generating lifecycle case indices for \(target.name)",
                executable: try context.tool(named: "CaseIndexGenerator").url,
                arguments: [output.path] + sources.map(\.path),
                inputFiles: sources,
                outputFiles: [output]
            )
        ]
    }

    /// Whether `file` lies under `TARGET/Lifecycles/`, the target's folder in the default layout
    /// (`Sources/PaymentWorld`). Asking for the target's folder directly (`directoryURL`) needs
    /// tools version 6.1, and the older `directory` is deprecated; the package is at 6.0.
    static func isLifecycleFile(_ file: URL, of target: String) -> Bool {
        let components = file.standardizedFileURL.pathComponents
        return zip(components, components.dropFirst()).contains { $0 == target && $1 == "Lifecycles" }
    }
}

import Foundation

// CaseIndexGenerator: writes PaymentWorld's lifecycle case indices (`CaseIndexed`,
// `CoverableLifecycle`, `coverableLifecycles`) from the lifecycle enums' source, and
// `WorldEvent.Kind` with `kind` from the world's facts. CaseIndexPlugin
// runs it at build time, so the conformances always match the enums and no generated file is
// checked in.
//
// usage: CaseIndexGenerator OUTPUT SOURCE...
//   OUTPUT  the Swift file to write
//   SOURCE  the lifecycle source files (Sources/PaymentWorld/Lifecycles/**.swift) and WorldEvent.swift

func fail(_ message: String, status: Int32) -> Never {
    // Not FileHandle.write(_:), which traps when stderr cannot be written; the exit status says it anyway.
    try? FileHandle.standardError.write(contentsOf: Data("CaseIndexGenerator: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: CaseIndexGenerator OUTPUT SOURCE...", status: 64) }
let output = arguments[0]
// Sorted, so the reading (and any error it reports first) does not depend on the caller's order.
let sources = arguments.dropFirst().sorted()

var enums = LifecycleEnums()
for source in sources {
    let text: String
    do {
        text = try String(contentsOfFile: source, encoding: .utf8)
    } catch {
        fail("cannot read \(source): \(error)", status: 66)
    }
    do {
        try enums.read(text, file: source)
    } catch {
        fail("\(error)", status: 65)
    }
}
guard !enums.lifecycles.isEmpty else {
    fail("no lifecycle (a public …State enum with its …Event enum) in \(sources.count) files", status: 65)
}
// An unchanged file is left alone: debug and release builds share the plugin's output folder,
// and a rewrite would make the other configuration recompile PaymentWorld for nothing.
let text = CaseIndexFile.text(for: enums)
if (try? String(contentsOfFile: output, encoding: .utf8)) != text {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        fail("cannot write \(output): \(error)", status: 73)
    }
}

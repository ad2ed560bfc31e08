import Foundation

/// The first of `names` found as an executable on `PATH`.
func executableOnPath(_ names: [String]) -> URL? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for name in names {
        for directory in directories {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
    }
    return nil
}

/// Debian's `chromium` (or another distribution's `chromium-browser`), which `.ci/run` installs
/// when it can; nil where there is none, and the browser tests are then skipped, visibly.
let chromiumExecutable = executableOnPath(["chromium", "chromium-browser"])

/// coreutils `timeout`, which signals the browser's whole process group (its zygote and
/// renderers too), so a hung browser ends the test instead of hanging CI.
let timeoutExecutable = executableOnPath(["timeout"])

let chromiumIsAvailable = chromiumExecutable != nil && timeoutExecutable != nil

struct ChromiumFailed: Error, CustomStringConvertible {
    var description: String
}

/// Headless Chromium, one process per page, each with its own throwaway profile so that pages
/// rendered in parallel do not wait on one profile's lock.
enum HeadlessChromium {
    /// Long enough for a loaded 2-core machine (a page takes 1–3 s), short enough for CI.
    static let timeoutSeconds = 60
    static let windowSize = "1400,3000"

    /// The DOM after the page's scripts ran, as Chromium serializes it.
    static func dumpDOM(_ page: URL) throws -> String {
        try run(["--dump-dom", page.absoluteString]).stdout
    }

    static func run(_ arguments: [String]) throws -> ProcessResult {
        guard let chromium = chromiumExecutable, let timeout = timeoutExecutable else {
            throw ChromiumFailed(description: "no chromium or timeout on PATH")
        }
        let profile = try TemporaryDirectory()
        // --no-sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                     "--disable-extensions", "--user-data-dir=\(profile.path("profile"))", "--window-size=\(windowSize)"]
        let result = try runFromPackageRoot(timeout, ["--kill-after=5", "\(timeoutSeconds)", chromium.path] + flags + arguments)
        if result.status == 124 || result.status == 137 {
            throw ChromiumFailed(description: "chromium did not finish within \(timeoutSeconds) s: \(arguments)")
        }
        guard result.status == 0 else {
            throw ChromiumFailed(description: "chromium exited \(result.status): \(arguments)\n\(result.stderr.suffix(2000))")
        }
        return result
    }
}

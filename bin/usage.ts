/**
 * The CLI's help text, and the error that makes it print it.
 */

export const USAGE = `usage: npm run jsont -- <command> [options]

commands:
  render TEMPLATE [--json DATA] [--partials FILE_OR_DIR] [--locale TAG] [--now MS]
      Render TEMPLATE (a file) with DATA (a JSON file, or - for stdin; default {}).
      --partials  a JSON file of name -> template source, or a folder of partial files
      --locale    BCP 47 tag (default en-US; "none" renders without locale data)
      --now       epoch milliseconds used as the current time
      Prints the output; errors go to stderr and the exit code is 1.

  compile TEMPLATE [--ast]
      Compile TEMPLATE. Prints "ok", or the errors (exit 1). --ast prints the
      compiled form as interchange JSON.

  test PATH... [--json FILE]
      Run every conformance case under the files and folders given.
      --json  write one record per case (path, status, message) to FILE
      Exit code 1 when any case fails.

  check PACKAGE_DIR
      Compile every file of a template package, then render every page kind of
      the demo site through it (embedded database, fixed clock). Prints each
      problem with file:line:col and the page; exit code 1 when there are any.

  golden PACKAGE_DIR DIR [--check]
      Render every page kind of the demo site through a package (fixed clock,
      fixed crumb) into DIR/PAGE.html; with --check compare instead, print a
      short diff per page that differs, is missing or is left over, exit 1 on
      any. The islands bundle's hash and the stylesheet's revision are written
      as HASH and REVISION; nothing else is normalized.
`;

/** Bad command-line arguments: print the message and the usage, exit 2. */
export class UsageError extends Error {}

// tabbard: the tab bar controller daemon. Everything lives in TabbardDaemon; this is the door.
import Glibc
import TabbardDaemon

exit(Daemon.main(arguments: Array(CommandLine.arguments.dropFirst())))

package dev.tessera.cli;

import dev.tessera.catalog.UnknownEntityException;
import dev.tessera.kv.lmdb.IncompatibleStoreException;
import dev.tessera.kv.lmdb.NotATesseraStoreException;
import dev.tessera.kv.lmdb.StoreAlreadyOpenException;
import dev.tessera.kv.lmdb.TruncatedStoreException;
import dev.tessera.tuple.TupleSyntaxException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code tessera} command: looks inside a Tessera store, backs it up and exports its records,
 * without the application's classes (everything comes from the store's catalog).
 *
 * <pre>
 * tessera info data/users
 * tessera keys data/users --prefix '("user")' --limit 10
 * tessera dump data/users user &gt; users.jsonl
 * </pre>
 *
 * <p>Each run handles one command line; not meant to be shared between threads.
 */
@Command(
    name = "tessera",
    mixinStandardHelpOptions = true,
    versionProvider = Tessera.Version.class,
    description = "Looks inside a Tessera store, backs it up, exports and imports its records.",
    subcommands = {
      InfoCommand.class,
      KeysCommand.class,
      GetCommand.class,
      DumpCommand.class,
      VerifyCommand.class,
      BackupCommand.class,
      StatsCommand.class,
      LoadCommand.class,
      MigrateCommand.class,
      QuarantineCommand.class,
    })
public final class Tessera implements Runnable {
  @Spec CommandSpec spec;

  /**
   * Runs the command line and exits with its code.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    // UTF-8 whatever the platform's default: dump's output is read back by load as UTF-8.
    System.exit(commandLine(utf8(FileDescriptor.out), utf8(FileDescriptor.err)).execute(args));
  }

  private static PrintWriter utf8(FileDescriptor descriptor) {
    return new PrintWriter(new OutputStreamWriter(
        new FileOutputStream(descriptor), StandardCharsets.UTF_8), true);
  }

  /** The configured command line writing to {@code out} and {@code err}. */
  static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    CommandLine line = new CommandLine(new Tessera());
    line.setOut(out);
    line.setErr(err);
    line.setParameterExceptionHandler(Tessera::usageError);
    line.setExecutionExceptionHandler((e, command, parsed) -> failure(e, command));
    listExitCodes(line);
    return line;
  }

  private static void listExitCodes(CommandLine line) {
    line.getCommandSpec().usageMessage()
        .exitCodeListHeading("%nExit codes:%n")
        .exitCodeList(ExitCodes.DESCRIPTIONS);
    line.getSubcommands().values().forEach(Tessera::listExitCodes);
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a command is missing");
  }

  // One line, naming the command and where its help is: scripts read the exit code.
  private static int usageError(ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    command.getErr().println(command.getCommandSpec().qualifiedName() + ": " + e.getMessage()
        + " (see '" + command.getCommandSpec().qualifiedName() + " --help')");
    return ExitCodes.USAGE;
  }

  private static int failure(Exception e, CommandLine command) {
    int code;
    if (e instanceof CommandFailure failure) {
      code = failure.exitCode();
    } else if (e instanceof NotATesseraStoreException || e instanceof IncompatibleStoreException
        || e instanceof StoreAlreadyOpenException || e instanceof TruncatedStoreException) {
      code = ExitCodes.CANNOT_OPEN;
    } else if (e instanceof UnknownEntityException || e instanceof TupleSyntaxException) {
      code = ExitCodes.USAGE;
    } else {
      code = ExitCodes.FAILED;
    }
    String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
    command.getErr().println(command.getCommandSpec().qualifiedName() + ": "
        + message.replace('\n', ' '));
    return code;
  }

  /** The version {@code --version} prints: the jar's implementation version. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = Tessera.class.getPackage().getImplementationVersion();
      return new String[] {"tessera " + (version == null ? "(development build)" : version)};
    }
  }
}

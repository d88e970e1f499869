// One call with Java's java.net.http.HttpClient and its defaults (HTTP/2 asked for by an
// h2c upgrade on http://, which the mock declines by answering over HTTP/1.1), run as a
// single source file: `java Call.java <url> <request.txt>`, the request file holding the
// body on its first line, then name=value header lines. Prints the status, a newline,
// then the body.
// Run by tests/clients/defaults.test.ts.
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

public class Call {
  public static void main(String[] args) throws Exception {
    var lines = Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8);
    // Line 1: the body; then name=value header lines.
    var builder = HttpRequest.newBuilder(URI.create(args[0]))
        .timeout(Duration.ofSeconds(20))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(lines.get(0)));
    for (var line : lines.subList(1, lines.size())) {
      var eq = line.indexOf('=');
      if (eq > 0) builder.header(line.substring(0, eq), line.substring(eq + 1));
    }
    var response = HttpClient.newHttpClient().send(builder.build(), HttpResponse.BodyHandlers.ofString());
    System.out.print(response.statusCode() + "\n" + response.body());
  }
}

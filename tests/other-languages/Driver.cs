// Makes every call listed in calls.json through the NSwag client of its bundle (found by
// namespace and operationId), on the mock its flavour names, with both developer headers, and
// prints one JSON line per call (by its label): what the generated code parsed, or why not.
// Usage: mono clients.exe calls.json <published mock URL> <observed mock URL> <token> <access code>
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Reflection;
using System.Threading.Tasks;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

public static class Driver
{
    public static int Main(string[] args)
    {
        // `/Date(…)/` stays a string here too: JArray.Parse alone would turn it into a DateTime.
        var read = new JsonSerializerSettings { DateParseHandling = DateParseHandling.None };
        var calls = JsonConvert.DeserializeObject<JArray>(File.ReadAllText(args[0]), read);
        var urls = new Dictionary<string, string> { { "published", args[1] }, { "observed", args[2] } };
        // The two apiKey schemes become no code in NSwag's client: the headers go on the HttpClient.
        var http = new HttpClient();
        http.DefaultRequestHeaders.Add("developer-token", args[3]);
        http.DefaultRequestHeaders.Add("developer-access-code", args[4]);
        foreach (JObject call in calls)
        {
            var ns = (string)call["ns"];
            var op = (string)call["operationId"];
            var label = (string)call["label"];
            string result;
            try
            {
                var type = Assembly.GetExecutingAssembly().GetType(ns + ".Client", true);
                var client = Activator.CreateInstance(type, http);
                type.GetProperty("BaseUrl").SetValue(client, urls[(string)call["mock"]]);
                var pathArgs = call["pathArgs"].ToObject<string[]>();
                var wanted = op.Replace("_", "").ToLowerInvariant() + "async";
                var method = type.GetMethods().Single(m =>
                    m.Name.Replace("_", "").ToLowerInvariant() == wanted && m.GetParameters().Length == pathArgs.Length + 1);
                var parameters = method.GetParameters();
                var values = new object[parameters.Length];
                for (var i = 0; i < pathArgs.Length; i++) values[i] = pathArgs[i];
                var bodyType = parameters[parameters.Length - 1].ParameterType;
                values[parameters.Length - 1] = JsonConvert.DeserializeObject(call["body"].ToString(Formatting.None), bodyType, read);
                var task = (Task)method.Invoke(client, values);
                task.GetAwaiter().GetResult();
                var answer = task.GetType().GetProperty("Result").GetValue(task);
                result = answer == null ? "fail: no answer parsed" : "ok " + answer.GetType().FullName;
            }
            catch (Exception error)
            {
                var inner = error is TargetInvocationException && error.InnerException != null ? error.InnerException : error;
                var message = inner.Message.Split('\n')[0];
                // NSwag's ApiException: the status and the answer the client refused.
                var status = inner.GetType().GetProperty("StatusCode");
                var response = inner.GetType().GetProperty("Response");
                if (status != null && response != null)
                    message = "HTTP " + status.GetValue(inner) + " " + response.GetValue(inner);
                result = "fail: " + inner.GetType().Name + ": " + (message.Length > 400 ? message.Substring(0, 400) : message);
            }
            Console.WriteLine(JsonConvert.SerializeObject(new { ns = ns, label = label, result = result }));
        }
        return 0;
    }
}

package org.roost.platform.operations;

import java.nio.charset.StandardCharsets;
import java.util.List;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.roost.support.ApiClient;
import org.roost.support.CapturedLog;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.logging.logback.StructuredLogEncoder;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lines of a request, rendered by Spring Boot's structured encoder exactly as
 * {@code logging.structured.format.console=ecs|logstash} renders them, are JSON carrying the request id.
 */
@IntegrationTest
class StructuredLogTest {

    @Autowired
    MockMvcTester mvc;

    @ParameterizedTest
    @ValueSource(strings = { "ecs", "logstash" })
    void accessAndAuditLinesAreJsonWithTheRequestId(String format) {
        // given
        String username = ApiClient.uniqueUsername("jo");
        new ApiClient(mvc).signUp(username);
        List<ILoggingEvent> access;
        List<ILoggingEvent> audit;
        MvcTestResult login;
        MvcTestResult graphql;
        try (CapturedLog accessLog = CapturedLog.of("access"); CapturedLog auditLog = CapturedLog.of("audit")) {
            // when a REST login and a GraphQL request are served
            login = mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                    .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD)).exchange();
            graphql = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON)
                    .content("{\"query\":\"{ __typename }\"}").exchange();
            access = accessLog.events();
            audit = auditLog.events();
        }

        // then
        String loginId = login.getResponse().getHeader("X-Request-Id");
        String graphqlId = graphql.getResponse().getHeader("X-Request-Id");
        List<JsonNode> accessLines = access.stream().map(event -> encode(format, event)).toList();
        assertThat(accessLines).anySatisfy(line -> {
            assertThat(line.get("request_id").asString()).isEqualTo(loginId);
            assertThat(line.get("path").asString()).isEqualTo("/login");
            assertThat(line.get("status").asInt()).isEqualTo(200);
        });
        assertThat(accessLines).anySatisfy(line -> {
            assertThat(line.get("request_id").asString()).isEqualTo(graphqlId);
            assertThat(line.get("path").asString()).isEqualTo("/graphql");
        });
        assertThat(audit).hasSize(1);
        JsonNode auditLine = encode(format, audit.getFirst());
        assertThat(auditLine.get("event").asString()).isEqualTo("LOGIN_SUCCEEDED");
        assertThat(auditLine.get("request_id").asString()).isEqualTo(loginId);
        assertThat(auditLine.toString()).doesNotContain(ApiClient.PASSWORD);
        assertThat(Json.of(login).has("id")).isTrue();
    }

    private static JsonNode encode(String format, ILoggingEvent event) {
        StructuredLogEncoder encoder = new StructuredLogEncoder();
        encoder.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        encoder.setFormat(format);
        encoder.start();
        try {
            return new ObjectMapper().readTree(new String(encoder.encode(event), StandardCharsets.UTF_8));
        }
        finally {
            encoder.stop();
        }
    }
}

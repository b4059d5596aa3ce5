package org.roost.platform.web.routing;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.springframework.web.cors.CorsUtils;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.condition.PathPatternsRequestCondition;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Spring MVC's handler mapping for {@code @RequestMapping} methods, which first looks up the mappings whose path
 * could match the request ({@link PathShape}: the same number of segments and the same literal ones), and checks
 * only those with Spring's own conditions.
 *
 * <p>Why: a path with a variable ({@code /api/v1/users/{userId}}) has no direct lookup in Spring MVC, so every
 * request to one checks every mapping of the application in turn, and each check reads the method, the content type
 * and the {@code Accept} header through half a dozen request wrappers. A JFR profile of {@code GET
 * /api/v1/users/{id}} put 13 % of the read's CPU there (docs/performance.md, "Seventh round"). Spring has declined
 * an index for this (spring-framework issues 24901 and 34461).
 *
 * <p>What stays Spring's: each candidate's conditions ({@link #getMatchingMapping}), the order of the matches
 * ({@link #getMappingComparator}), {@link #handleMatch}, and direct paths before patterns, as in Spring's
 * {@code lookupHandlerMethod}. Everything this lookup does not decide goes to Spring's own lookup whole: a path that is
 * not plain ({@link PathShape#segments}), a CORS pre-flight, no match (so the 404, 405, 406 and 415 answers are
 * Spring's), and two equally good matches (Spring's error). {@code PathIndexedHandlerMappingTest} and
 * {@code ApplicationRoutesTest} compare both lookups.
 */
class PathIndexedHandlerMapping extends RequestMappingHandlerMapping {

    private volatile @Nullable Index index;

    @Override
    protected @Nullable HandlerMethod lookupHandlerMethod(String lookupPath, HttpServletRequest request) throws Exception {
        String[] segments = judged() ? PathShape.segments(lookupPath) : null;
        if (segments == null || CorsUtils.isPreFlightRequest(request)) {
            return lookupInEveryMapping(lookupPath, request);
        }
        Index current = index();
        List<Candidate> matches = matches(current.direct().getOrDefault(lookupPath, List.of()), segments, request);
        if (matches.isEmpty()) {
            matches = matches(current.fixed(segments.length), segments, request);
            matches.addAll(matches(current.open(), segments, request));
        }
        if (matches.isEmpty()) {
            return lookupInEveryMapping(lookupPath, request);
        }
        Candidate best = matches.getFirst();
        if (matches.size() > 1) {
            var comparator = getMappingComparator(request);
            matches.sort((one, other) -> comparator.compare(one.info(), other.info()));
            best = matches.getFirst();
            if (comparator.compare(best.info(), matches.get(1).info()) == 0) {
                return lookupInEveryMapping(lookupPath, request); // ambiguous: Spring's own error
            }
        }
        request.setAttribute(BEST_MATCHING_HANDLER_ATTRIBUTE, best.handler());
        handleMatch(best.info(), lookupPath, request);
        return best.handler();
    }

    /** Spring's own lookup, through every mapping. */
    @Nullable HandlerMethod lookupInEveryMapping(String lookupPath, HttpServletRequest request) throws Exception {
        return super.lookupHandlerMethod(lookupPath, request);
    }

    private List<Candidate> matches(List<Candidate> candidates, String[] segments, HttpServletRequest request) {
        List<Candidate> matches = new ArrayList<>(2);
        for (Candidate candidate : candidates) {
            if (candidate.shape().admits(segments)) {
                RequestMappingInfo match = getMatchingMapping(candidate.info(), request);
                if (match != null) {
                    matches.add(new Candidate(match, candidate.handler(), candidate.shape()));
                }
            }
        }
        return matches;
    }

    /**
     * Only where a literal segment matches exactly its own text: case-sensitive path patterns (Spring 7 has no
     * trailing-slash matching left to consider).
     */
    private boolean judged() {
        PathPatternParser parser = getPatternParser();
        return parser != null && parser.isCaseSensitive();
    }

    @Override
    protected void registerHandlerMethod(Object handler, Method method, RequestMappingInfo mapping) {
        super.registerHandlerMethod(handler, method, mapping);
        index = null;
    }

    @Override
    public void registerMapping(RequestMappingInfo mapping, Object handler, Method method) {
        super.registerMapping(mapping, handler, method);
        index = null;
    }

    @Override
    public void unregisterMapping(RequestMappingInfo mapping) {
        super.unregisterMapping(mapping);
        index = null;
    }

    private Index index() {
        Index current = index;
        if (current == null) {
            current = Index.of(getHandlerMethods());
            index = current;
        }
        return current;
    }

    private record Candidate(RequestMappingInfo info, HandlerMethod handler, PathShape shape) {
    }

    /**
     * The mappings by the exact path of their patterns without variables (Spring's direct paths), by the number of
     * segments of their fixed-length patterns, and the rest ({@code open}), which every path has to try.
     */
    private record Index(Map<String, List<Candidate>> direct, List<List<Candidate>> byLength, List<Candidate> open) {

        List<Candidate> fixed(int length) {
            return length < byLength.size() ? byLength.get(length) : List.of();
        }

        static Index of(Map<RequestMappingInfo, HandlerMethod> handlers) {
            Map<String, List<Candidate>> direct = new HashMap<>();
            List<List<Candidate>> byLength = new ArrayList<>();
            List<Candidate> open = new ArrayList<>();
            handlers.forEach((info, handler) -> {
                PathPatternsRequestCondition condition = info.getPathPatternsCondition();
                List<String> texts = condition == null ? List.of()
                        : condition.getPatterns().stream().map(PathPattern::getPatternString).toList();
                PathShape shape = PathShape.of(texts);
                Candidate candidate = new Candidate(info, handler, shape);
                if (condition != null) {
                    for (PathPattern pattern : condition.getPatterns()) {
                        if (!pattern.hasPatternSyntax()) {
                            direct.computeIfAbsent(pattern.getPatternString(), path -> new ArrayList<>()).add(candidate);
                        }
                    }
                }
                if (condition == null || shape.patterns().stream().anyMatch(pattern -> !pattern.fixed())) {
                    open.add(candidate);
                    return;
                }
                Set<Integer> lengths = new HashSet<>();
                shape.patterns().forEach(pattern -> lengths.add(pattern.elements().length));
                for (int length : lengths) {
                    while (byLength.size() <= length) {
                        byLength.add(new ArrayList<>());
                    }
                    byLength.get(length).add(candidate);
                }
            });
            return new Index(direct, byLength, open);
        }
    }
}

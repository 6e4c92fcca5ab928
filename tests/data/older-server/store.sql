--
-- PostgreSQL database dump
--

\restrict PQc5afVEhbgm6eEInPfAxzlmAeN7Kb46f1G1LfrnjpHrdqeweumNKiRYmHXe9Wt

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: plot_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.plot_lines (
    table_id text NOT NULL,
    line integer NOT NULL,
    text text NOT NULL
);


--
-- Name: plot_schema; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.plot_schema (
    version integer NOT NULL
);


--
-- Name: plot_table_numbers; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.plot_table_numbers
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: plot_tables; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.plot_tables (
    id text NOT NULL,
    number integer NOT NULL,
    meta jsonb NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    finished boolean DEFAULT false NOT NULL
);


--
-- Data for Name: plot_lines; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.plot_lines (table_id, line, text) FROM stdin;
T1	1	{"format":"plot-record","version":3,"program":"plot 0.1.0","game":"353cfea0","rules_hash":"5dbd93e39063ebd2","seed":11,"start":{"setup":"standard"},"players":{"ss":"human","abwehr":"human"},"levels":{},"created":"2026-11-28T18:54:58Z","chosen_seed":true}
T1	2	{"i":1,"side":"abwehr","action":{"verb":"allied","unit":null,"hex":3913,"chit":null},"text":"allied 3913"}
T1	3	{"i":2,"side":"abwehr","action":{"verb":"reveal","unit":null,"hex":null,"chit":"FR3"},"text":"reveal FR3"}
T1	4	{"i":3,"side":"abwehr","action":{"verb":"assign","unit":"308","hex":4001,"chit":null},"text":"assign 308 4001"}
T1	5	{"i":4,"side":"abwehr","action":{"verb":"assign","unit":"306","hex":4006,"chit":null},"text":"assign 306 4006"}
T1	6	{"i":5,"side":"abwehr","action":{"verb":"activate","unit":"200","hex":null,"chit":null},"text":"activate 200"}
T1	7	{"i":6,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2017,"chit":null},"text":"move 2017"}
T2	1	{"format":"plot-record","version":3,"program":"plot 0.1.0","game":"83be89e6","rules_hash":"5dbd93e39063ebd2","seed":12,"start":{"setup":"standard"},"players":{"ss":"computer","abwehr":"human"},"levels":{"ss":"easy"},"created":"2026-11-28T18:54:58Z","chosen_seed":true}
T2	2	{"i":1,"side":"abwehr","action":{"verb":"allied","unit":null,"hex":415,"chit":null},"text":"allied 0415"}
T3	1	{"format":"plot-record","version":3,"program":"plot 0.1.0","game":"334aa68f","rules_hash":"5dbd93e39063ebd2","seed":13,"start":{"setup":"standard"},"players":{"ss":"human","abwehr":"human"},"levels":{},"created":"2026-11-28T18:54:58Z","chosen_seed":true}
T3	2	{"i":1,"side":"abwehr","action":{"verb":"allied","unit":null,"hex":1019,"chit":null},"text":"allied 1019"}
T3	3	{"i":2,"side":"abwehr","action":{"verb":"reveal","unit":null,"hex":null,"chit":"FR2"},"text":"reveal FR2"}
T3	4	{"i":3,"side":"abwehr","action":{"verb":"assign","unit":"306","hex":4128,"chit":null},"text":"assign 306 4128"}
T3	5	{"i":4,"side":"abwehr","action":{"verb":"assign","unit":"301","hex":4322,"chit":null},"text":"assign 301 4322"}
T3	6	{"i":5,"side":"abwehr","action":{"verb":"activate","unit":"307","hex":null,"chit":null},"text":"activate 307"}
T3	7	{"i":6,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1719,"chit":null},"text":"move 1719"}
T3	8	{"i":7,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1819,"chit":null},"text":"move 1819"}
T3	9	{"i":8,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1919,"chit":null},"text":"move 1919"}
T3	10	{"i":9,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2018,"chit":null},"text":"move 2018"}
T3	11	{"i":10,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1919,"chit":null},"text":"move 1919"}
T3	12	{"i":11,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	13	{"i":12,"side":"abwehr","action":{"verb":"activate","unit":"302","hex":null,"chit":null},"text":"activate 302"}
T3	14	{"i":13,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1613,"chit":null},"text":"move 1613"}
T3	15	{"i":14,"side":"abwehr","action":{"verb":"travel","unit":null,"hex":3107,"chit":"TR3"},"text":"travel 3107 TR3"}
T3	16	{"i":15,"side":"abwehr","action":{"verb":"travel","unit":null,"hex":1411,"chit":"TR5"},"text":"travel 1411 TR5"}
T3	17	{"i":16,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1511,"chit":null},"text":"move 1511"}
T3	18	{"i":17,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1610,"chit":null},"text":"move 1610"}
T3	19	{"i":18,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1510,"chit":null},"text":"move 1510"}
T3	20	{"i":19,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1410,"chit":null},"text":"move 1410"}
T3	21	{"i":20,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1311,"chit":null},"text":"move 1311"}
T3	22	{"i":21,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1312,"chit":null},"text":"move 1312"}
T3	23	{"i":22,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	24	{"i":23,"side":"abwehr","action":{"verb":"activate","unit":"310","hex":null,"chit":null},"text":"activate 310"}
T3	25	{"i":24,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1813,"chit":null},"text":"move 1813"}
T3	26	{"i":25,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1814,"chit":null},"text":"move 1814"}
T3	27	{"i":26,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1815,"chit":null},"text":"move 1815"}
T3	28	{"i":27,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	29	{"i":28,"side":"abwehr","action":{"verb":"activate","unit":"200","hex":null,"chit":null},"text":"activate 200"}
T3	30	{"i":29,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	31	{"i":30,"side":"abwehr","action":{"verb":"activate","unit":"303","hex":null,"chit":null},"text":"activate 303"}
T3	32	{"i":31,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1715,"chit":null},"text":"move 1715"}
T3	33	{"i":32,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1814,"chit":null},"text":"move 1814"}
T3	34	{"i":33,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1714,"chit":null},"text":"move 1714"}
T3	35	{"i":34,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1713,"chit":null},"text":"move 1713"}
T3	36	{"i":35,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1813,"chit":null},"text":"move 1813"}
T3	37	{"i":36,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	38	{"i":37,"side":"abwehr","action":{"verb":"activate","unit":"306","hex":null,"chit":null},"text":"activate 306"}
T3	39	{"i":38,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	40	{"i":39,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	41	{"i":40,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	42	{"i":41,"side":"abwehr","action":{"verb":"recruit","unit":"403","hex":null,"chit":null},"text":"recruit 403"}
T3	43	{"i":42,"side":"abwehr","action":{"verb":"join","unit":"310","hex":null,"chit":null},"text":"join 310"}
T3	44	{"i":43,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	45	{"i":44,"side":"abwehr","action":{"verb":"recruit","unit":"403","hex":null,"chit":null},"text":"recruit 403"}
T3	46	{"i":45,"side":"abwehr","action":{"verb":"join","unit":"310","hex":null,"chit":null},"text":"join 310"}
T3	47	{"i":46,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	48	{"i":47,"side":"abwehr","action":{"verb":"recruit","unit":"416","hex":null,"chit":null},"text":"recruit 416"}
T3	49	{"i":48,"side":"abwehr","action":{"verb":"join","unit":"303","hex":null,"chit":null},"text":"join 303"}
T3	50	{"i":49,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	51	{"i":50,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	52	{"i":51,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	53	{"i":52,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	54	{"i":53,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	55	{"i":54,"side":"ss","action":{"verb":"activate","unit":"014","hex":null,"chit":null},"text":"activate 014"}
T3	56	{"i":55,"side":"ss","action":{"verb":"move","unit":null,"hex":2309,"chit":null},"text":"move 2309"}
T3	57	{"i":56,"side":"ss","action":{"verb":"move","unit":null,"hex":2410,"chit":null},"text":"move 2410"}
T3	58	{"i":57,"side":"ss","action":{"verb":"move","unit":null,"hex":2309,"chit":null},"text":"move 2309"}
T3	59	{"i":58,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	60	{"i":59,"side":"ss","action":{"verb":"activate","unit":"007","hex":null,"chit":null},"text":"activate 007"}
T3	61	{"i":60,"side":"ss","action":{"verb":"move","unit":null,"hex":2612,"chit":null},"text":"move 2612"}
T3	62	{"i":61,"side":"ss","action":{"verb":"move","unit":null,"hex":2611,"chit":null},"text":"move 2611"}
T3	63	{"i":62,"side":"ss","action":{"verb":"travel","unit":null,"hex":1128,"chit":"TR6"},"text":"travel 1128 TR6"}
T3	64	{"i":63,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	65	{"i":64,"side":"ss","action":{"verb":"expose","unit":"306","hex":null,"chit":null},"text":"expose 306"}
T3	66	{"i":65,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	67	{"i":66,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	68	{"i":67,"side":"ss","action":{"verb":"recruit","unit":"108","hex":null,"chit":null},"text":"recruit 108"}
T3	69	{"i":68,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	70	{"i":69,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	71	{"i":70,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	72	{"i":71,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	73	{"i":72,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	74	{"i":73,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	75	{"i":74,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	76	{"i":75,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	77	{"i":76,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	78	{"i":77,"side":"abwehr","action":{"verb":"allied","unit":null,"hex":125,"chit":null},"text":"allied 0125"}
T3	79	{"i":78,"side":"abwehr","action":{"verb":"activate","unit":"200","hex":null,"chit":null},"text":"activate 200"}
T3	80	{"i":79,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2017,"chit":null},"text":"move 2017"}
T3	81	{"i":80,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2018,"chit":null},"text":"move 2018"}
T3	82	{"i":81,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2017,"chit":null},"text":"move 2017"}
T3	83	{"i":82,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2118,"chit":null},"text":"move 2118"}
T3	84	{"i":83,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2119,"chit":null},"text":"move 2119"}
T3	85	{"i":84,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	86	{"i":85,"side":"abwehr","action":{"verb":"activate","unit":"309","hex":null,"chit":null},"text":"activate 309"}
T3	87	{"i":86,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2519,"chit":null},"text":"move 2519"}
T3	88	{"i":87,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	89	{"i":88,"side":"abwehr","action":{"verb":"activate","unit":"301","hex":null,"chit":null},"text":"activate 301"}
T3	90	{"i":89,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	91	{"i":90,"side":"abwehr","action":{"verb":"activate","unit":"302","hex":null,"chit":null},"text":"activate 302"}
T3	92	{"i":91,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1313,"chit":null},"text":"move 1313"}
T3	93	{"i":92,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1412,"chit":null},"text":"move 1412"}
T3	94	{"i":93,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	95	{"i":94,"side":"abwehr","action":{"verb":"activate","unit":"303","hex":null,"chit":null},"text":"activate 303"}
T3	96	{"i":95,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1913,"chit":null},"text":"move 1913"}
T3	97	{"i":96,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	98	{"i":97,"side":"abwehr","action":{"verb":"activate","unit":"307","hex":null,"chit":null},"text":"activate 307"}
T3	99	{"i":98,"side":"abwehr","action":{"verb":"harass","unit":null,"hex":2019,"chit":null},"text":"harass @2019"}
T3	100	{"i":99,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1920,"chit":null},"text":"move 1920"}
T3	101	{"i":100,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1821,"chit":null},"text":"move 1821"}
T3	102	{"i":101,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	103	{"i":102,"side":"abwehr","action":{"verb":"activate","unit":"306","hex":null,"chit":null},"text":"activate 306"}
T3	104	{"i":103,"side":"abwehr","action":{"verb":"move","unit":null,"hex":4027,"chit":null},"text":"move 4027"}
T3	105	{"i":104,"side":"abwehr","action":{"verb":"move","unit":null,"hex":4028,"chit":null},"text":"move 4028"}
T3	106	{"i":105,"side":"abwehr","action":{"verb":"move","unit":null,"hex":4027,"chit":null},"text":"move 4027"}
T3	107	{"i":106,"side":"abwehr","action":{"verb":"move","unit":null,"hex":4028,"chit":null},"text":"move 4028"}
T3	108	{"i":107,"side":"abwehr","action":{"verb":"move","unit":null,"hex":3927,"chit":null},"text":"move 3927"}
T3	109	{"i":108,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	110	{"i":109,"side":"abwehr","action":{"verb":"activate","unit":"308","hex":null,"chit":null},"text":"activate 308"}
T3	111	{"i":110,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2407,"chit":null},"text":"move 2407"}
T3	112	{"i":111,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2307,"chit":null},"text":"move 2307"}
T3	113	{"i":112,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	114	{"i":113,"side":"abwehr","action":{"verb":"activate","unit":"300","hex":null,"chit":null},"text":"activate 300"}
T3	115	{"i":114,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1613,"chit":null},"text":"move 1613"}
T3	116	{"i":115,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1713,"chit":null},"text":"move 1713"}
T3	117	{"i":116,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1613,"chit":null},"text":"move 1613"}
T3	118	{"i":117,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1714,"chit":null},"text":"move 1714"}
T3	119	{"i":118,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1614,"chit":null},"text":"move 1614"}
T3	120	{"i":119,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	121	{"i":120,"side":"abwehr","action":{"verb":"activate","unit":"305","hex":null,"chit":null},"text":"activate 305"}
T3	122	{"i":121,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	123	{"i":122,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1516,"chit":null},"text":"move 1516"}
T3	124	{"i":123,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	125	{"i":124,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1615,"chit":null},"text":"move 1615"}
T3	126	{"i":125,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	127	{"i":126,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1516,"chit":null},"text":"move 1516"}
T3	128	{"i":127,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	129	{"i":128,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	130	{"i":129,"side":"abwehr","action":{"verb":"activate","unit":"304","hex":null,"chit":null},"text":"activate 304"}
T3	131	{"i":130,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	132	{"i":131,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	133	{"i":132,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	134	{"i":133,"side":"abwehr","action":{"verb":"recruit","unit":"416","hex":null,"chit":null},"text":"recruit 416"}
T3	135	{"i":134,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	136	{"i":135,"side":"abwehr","action":{"verb":"recruit","unit":"404","hex":null,"chit":null},"text":"recruit 404"}
T3	137	{"i":136,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	138	{"i":137,"side":"abwehr","action":{"verb":"recruit","unit":"403","hex":null,"chit":null},"text":"recruit 403"}
T3	139	{"i":138,"side":"abwehr","action":{"verb":"join","unit":"310","hex":null,"chit":null},"text":"join 310"}
T3	140	{"i":139,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	141	{"i":140,"side":"abwehr","action":{"verb":"recruit","unit":"403","hex":null,"chit":null},"text":"recruit 403"}
T3	142	{"i":141,"side":"abwehr","action":{"verb":"join","unit":"310","hex":null,"chit":null},"text":"join 310"}
T3	143	{"i":142,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	144	{"i":143,"side":"abwehr","action":{"verb":"recruit","unit":"416","hex":null,"chit":null},"text":"recruit 416"}
T3	145	{"i":144,"side":"abwehr","action":{"verb":"join","unit":"303","hex":null,"chit":null},"text":"join 303"}
T3	146	{"i":145,"side":"abwehr","action":{"verb":"roll","unit":null,"hex":null,"chit":null},"text":"roll"}
T3	147	{"i":146,"side":"abwehr","action":{"verb":"recruit","unit":"405","hex":null,"chit":null},"text":"recruit 405"}
T3	148	{"i":147,"side":"abwehr","action":{"verb":"join","unit":"310","hex":null,"chit":null},"text":"join 310"}
T3	149	{"i":148,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	150	{"i":149,"side":"abwehr","action":{"verb":"recruit","unit":"404","hex":null,"chit":null},"text":"recruit 404"}
T3	151	{"i":150,"side":"abwehr","action":{"verb":"join","unit":"302","hex":null,"chit":null},"text":"join 302"}
T3	152	{"i":151,"side":"abwehr","action":{"verb":"roll","unit":null,"hex":null,"chit":null},"text":"roll"}
T3	153	{"i":152,"side":"abwehr","action":{"verb":"retreat","unit":null,"hex":1411,"chit":null},"text":"retreat 1411"}
T3	154	{"i":153,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	155	{"i":154,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	156	{"i":155,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	157	{"i":156,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	158	{"i":157,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	159	{"i":158,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	160	{"i":159,"side":"ss","action":{"verb":"recruit","unit":"108","hex":null,"chit":null},"text":"recruit 108"}
T3	161	{"i":160,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	162	{"i":161,"side":"ss","action":{"verb":"recruit","unit":"107","hex":null,"chit":null},"text":"recruit 107"}
T3	163	{"i":162,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	164	{"i":163,"side":"ss","action":{"verb":"recruit","unit":"107","hex":null,"chit":null},"text":"recruit 107"}
T3	165	{"i":164,"side":"ss","action":{"verb":"join","unit":"013","hex":null,"chit":null},"text":"join 013"}
T3	166	{"i":165,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	167	{"i":166,"side":"ss","action":{"verb":"recruit","unit":"107","hex":null,"chit":null},"text":"recruit 107"}
T3	168	{"i":167,"side":"ss","action":{"verb":"join","unit":"013","hex":null,"chit":null},"text":"join 013"}
T3	169	{"i":168,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	170	{"i":169,"side":"ss","action":{"verb":"recruit","unit":"102","hex":null,"chit":null},"text":"recruit 102"}
T3	171	{"i":170,"side":"ss","action":{"verb":"join","unit":"002","hex":null,"chit":null},"text":"join 002"}
T3	172	{"i":171,"side":"ss","action":{"verb":"roll","unit":null,"hex":null,"chit":null},"text":"roll"}
T3	173	{"i":172,"side":"ss","action":{"verb":"recruit","unit":"104","hex":null,"chit":null},"text":"recruit 104"}
T3	174	{"i":173,"side":"ss","action":{"verb":"join","unit":"014","hex":null,"chit":null},"text":"join 014"}
T3	175	{"i":174,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	176	{"i":175,"side":"ss","action":{"verb":"recruit","unit":"101","hex":null,"chit":null},"text":"recruit 101"}
T3	177	{"i":176,"side":"ss","action":{"verb":"join","unit":"011","hex":null,"chit":null},"text":"join 011"}
T3	178	{"i":177,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	179	{"i":178,"side":"ss","action":{"verb":"recruit","unit":"104","hex":null,"chit":null},"text":"recruit 104"}
T3	180	{"i":179,"side":"ss","action":{"verb":"join","unit":"014","hex":null,"chit":null},"text":"join 014"}
T3	181	{"i":180,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	182	{"i":181,"side":"ss","action":{"verb":"recruit","unit":"101","hex":null,"chit":null},"text":"recruit 101"}
T3	183	{"i":182,"side":"ss","action":{"verb":"join","unit":"011","hex":null,"chit":null},"text":"join 011"}
T3	184	{"i":183,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	185	{"i":184,"side":"ss","action":{"verb":"recruit","unit":"108","hex":null,"chit":null},"text":"recruit 108"}
T3	186	{"i":185,"side":"ss","action":{"verb":"join","unit":"000","hex":null,"chit":null},"text":"join 000"}
T3	187	{"i":186,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	188	{"i":187,"side":"ss","action":{"verb":"recruit","unit":"107","hex":null,"chit":null},"text":"recruit 107"}
T3	189	{"i":188,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	190	{"i":189,"side":"ss","action":{"verb":"recruit","unit":"109","hex":null,"chit":null},"text":"recruit 109"}
T3	191	{"i":190,"side":"ss","action":{"verb":"join","unit":"014","hex":null,"chit":null},"text":"join 014"}
T3	192	{"i":191,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	193	{"i":192,"side":"ss","action":{"verb":"recruit","unit":"109","hex":null,"chit":null},"text":"recruit 109"}
T3	194	{"i":193,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	195	{"i":194,"side":"ss","action":{"verb":"recruit","unit":"109","hex":null,"chit":null},"text":"recruit 109"}
T3	196	{"i":195,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	197	{"i":196,"side":"ss","action":{"verb":"recruit","unit":"106","hex":null,"chit":null},"text":"recruit 106"}
T3	198	{"i":197,"side":"ss","action":{"verb":"join","unit":"006","hex":null,"chit":null},"text":"join 006"}
T3	199	{"i":198,"side":"ss","action":{"verb":"roll","unit":null,"hex":null,"chit":null},"text":"roll"}
T3	200	{"i":199,"side":"ss","action":{"verb":"retreat","unit":null,"hex":2410,"chit":null},"text":"retreat 2410"}
T3	201	{"i":200,"side":"ss","action":{"verb":"recruit","unit":"108","hex":null,"chit":null},"text":"recruit 108"}
T3	202	{"i":201,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	203	{"i":202,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	204	{"i":203,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	205	{"i":204,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	206	{"i":205,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	207	{"i":206,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	208	{"i":207,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	209	{"i":208,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	210	{"i":209,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	211	{"i":210,"side":"abwehr","action":{"verb":"allied","unit":null,"hex":4227,"chit":null},"text":"allied 4227"}
T3	436	{"i":435,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	212	{"i":211,"side":"abwehr","action":{"verb":"activate","unit":"300","hex":null,"chit":null},"text":"activate 300"}
T3	213	{"i":212,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	214	{"i":213,"side":"abwehr","action":{"verb":"activate","unit":"304","hex":null,"chit":null},"text":"activate 304"}
T3	215	{"i":214,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1913,"chit":null},"text":"move 1913"}
T3	216	{"i":215,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2014,"chit":null},"text":"move 2014"}
T3	217	{"i":216,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2015,"chit":null},"text":"move 2015"}
T3	218	{"i":217,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2116,"chit":null},"text":"move 2116"}
T3	219	{"i":218,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2117,"chit":null},"text":"move 2117"}
T3	220	{"i":219,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2216,"chit":null},"text":"move 2216"}
T3	221	{"i":220,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	222	{"i":221,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	223	{"i":222,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	224	{"i":223,"side":"abwehr","action":{"verb":"recruit","unit":"413","hex":null,"chit":null},"text":"recruit 413"}
T3	225	{"i":224,"side":"abwehr","action":{"verb":"join","unit":"305","hex":null,"chit":null},"text":"join 305"}
T3	226	{"i":225,"side":"abwehr","action":{"verb":"roll","unit":null,"hex":null,"chit":null},"text":"roll"}
T3	227	{"i":226,"side":"abwehr","action":{"verb":"recruit","unit":"405","hex":null,"chit":null},"text":"recruit 405"}
T3	228	{"i":227,"side":"abwehr","action":{"verb":"join","unit":"310","hex":null,"chit":null},"text":"join 310"}
T3	229	{"i":228,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	230	{"i":229,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	231	{"i":230,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	232	{"i":231,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	233	{"i":232,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	234	{"i":233,"side":"ss","action":{"verb":"hitler","unit":null,"hex":3506,"chit":null},"text":"hitler 3506"}
T3	235	{"i":234,"side":"ss","action":{"verb":"activate","unit":"008","hex":null,"chit":null},"text":"activate 008"}
T3	236	{"i":235,"side":"ss","action":{"verb":"expose","unit":"302","hex":null,"chit":null},"text":"expose 302"}
T3	237	{"i":236,"side":"ss","action":{"verb":"travel","unit":null,"hex":2414,"chit":"TR3"},"text":"travel 2414 TR3"}
T3	238	{"i":237,"side":"ss","action":{"verb":"travel","unit":null,"hex":728,"chit":"TR4"},"text":"travel 0728 TR4"}
T3	239	{"i":238,"side":"ss","action":{"verb":"travel","unit":null,"hex":3405,"chit":"TR5"},"text":"travel 3405 TR5"}
T3	240	{"i":239,"side":"ss","action":{"verb":"move","unit":null,"hex":3406,"chit":null},"text":"move 3406"}
T3	241	{"i":240,"side":"ss","action":{"verb":"expose","unit":"309","hex":null,"chit":null},"text":"expose 309"}
T3	242	{"i":241,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	243	{"i":242,"side":"ss","action":{"verb":"activate","unit":"012","hex":null,"chit":null},"text":"activate 012"}
T3	244	{"i":243,"side":"ss","action":{"verb":"move","unit":null,"hex":2517,"chit":null},"text":"move 2517"}
T3	245	{"i":244,"side":"ss","action":{"verb":"move","unit":null,"hex":2617,"chit":null},"text":"move 2617"}
T3	246	{"i":245,"side":"ss","action":{"verb":"move","unit":null,"hex":2517,"chit":null},"text":"move 2517"}
T3	247	{"i":246,"side":"ss","action":{"verb":"move","unit":null,"hex":2617,"chit":null},"text":"move 2617"}
T3	248	{"i":247,"side":"ss","action":{"verb":"move","unit":null,"hex":2517,"chit":null},"text":"move 2517"}
T3	249	{"i":248,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	250	{"i":249,"side":"ss","action":{"verb":"activate","unit":"006","hex":null,"chit":null},"text":"activate 006"}
T3	251	{"i":250,"side":"ss","action":{"verb":"move","unit":null,"hex":2309,"chit":null},"text":"move 2309"}
T3	252	{"i":251,"side":"ss","action":{"verb":"move","unit":null,"hex":2409,"chit":null},"text":"move 2409"}
T3	253	{"i":252,"side":"ss","action":{"verb":"move","unit":null,"hex":2508,"chit":null},"text":"move 2508"}
T3	254	{"i":253,"side":"ss","action":{"verb":"move","unit":null,"hex":2409,"chit":null},"text":"move 2409"}
T3	255	{"i":254,"side":"ss","action":{"verb":"move","unit":null,"hex":2410,"chit":null},"text":"move 2410"}
T3	256	{"i":255,"side":"ss","action":{"verb":"move","unit":null,"hex":2510,"chit":null},"text":"move 2510"}
T3	257	{"i":256,"side":"ss","action":{"verb":"move","unit":null,"hex":2509,"chit":null},"text":"move 2509"}
T3	258	{"i":257,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	259	{"i":258,"side":"ss","action":{"verb":"activate","unit":"015","hex":null,"chit":null},"text":"activate 015"}
T3	260	{"i":259,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	261	{"i":260,"side":"ss","action":{"verb":"activate","unit":"001","hex":null,"chit":null},"text":"activate 001"}
T3	262	{"i":261,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	263	{"i":262,"side":"ss","action":{"verb":"activate","unit":"002","hex":null,"chit":null},"text":"activate 002"}
T3	264	{"i":263,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	265	{"i":264,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	266	{"i":265,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	267	{"i":266,"side":"ss","action":{"verb":"recruit","unit":"109","hex":null,"chit":null},"text":"recruit 109"}
T3	268	{"i":267,"side":"ss","action":{"verb":"join","unit":"014","hex":null,"chit":null},"text":"join 014"}
T3	269	{"i":268,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	270	{"i":269,"side":"ss","action":{"verb":"recruit","unit":"107","hex":null,"chit":null},"text":"recruit 107"}
T3	271	{"i":270,"side":"ss","action":{"verb":"join","unit":"013","hex":null,"chit":null},"text":"join 013"}
T3	272	{"i":271,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	273	{"i":272,"side":"ss","action":{"verb":"recruit","unit":"109","hex":null,"chit":null},"text":"recruit 109"}
T3	274	{"i":273,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	275	{"i":274,"side":"ss","action":{"verb":"recruit","unit":"103","hex":null,"chit":null},"text":"recruit 103"}
T3	276	{"i":275,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	277	{"i":276,"side":"ss","action":{"verb":"recruit","unit":"104","hex":null,"chit":null},"text":"recruit 104"}
T3	278	{"i":277,"side":"ss","action":{"verb":"join","unit":"014","hex":null,"chit":null},"text":"join 014"}
T3	279	{"i":278,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	280	{"i":279,"side":"ss","action":{"verb":"recruit","unit":"101","hex":null,"chit":null},"text":"recruit 101"}
T3	281	{"i":280,"side":"ss","action":{"verb":"join","unit":"011","hex":null,"chit":null},"text":"join 011"}
T3	282	{"i":281,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	283	{"i":282,"side":"ss","action":{"verb":"recruit","unit":"104","hex":null,"chit":null},"text":"recruit 104"}
T3	284	{"i":283,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	285	{"i":284,"side":"ss","action":{"verb":"recruit","unit":"107","hex":null,"chit":null},"text":"recruit 107"}
T3	286	{"i":285,"side":"ss","action":{"verb":"join","unit":"013","hex":null,"chit":null},"text":"join 013"}
T3	287	{"i":286,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	288	{"i":287,"side":"ss","action":{"verb":"recruit","unit":"101","hex":null,"chit":null},"text":"recruit 101"}
T3	289	{"i":288,"side":"ss","action":{"verb":"join","unit":"011","hex":null,"chit":null},"text":"join 011"}
T3	290	{"i":289,"side":"ss","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	291	{"i":290,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	292	{"i":291,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	293	{"i":292,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	294	{"i":293,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	295	{"i":294,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	296	{"i":295,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	297	{"i":296,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	298	{"i":297,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	299	{"i":298,"side":"abwehr","action":{"verb":"allied","unit":null,"hex":609,"chit":null},"text":"allied 0609"}
T3	300	{"i":299,"side":"abwehr","action":{"verb":"reveal","unit":null,"hex":null,"chit":"EN1"},"text":"reveal EN1"}
T3	301	{"i":300,"side":"ss","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	302	{"i":301,"side":"abwehr","action":{"verb":"assign","unit":"005","hex":3414,"chit":null},"text":"assign 005 3414"}
T3	303	{"i":302,"side":"abwehr","action":{"verb":"activate","unit":"303","hex":null,"chit":null},"text":"activate 303"}
T3	304	{"i":303,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1914,"chit":null},"text":"move 1914"}
T3	305	{"i":304,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1813,"chit":null},"text":"move 1813"}
T3	306	{"i":305,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1713,"chit":null},"text":"move 1713"}
T3	307	{"i":306,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1813,"chit":null},"text":"move 1813"}
T3	308	{"i":307,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1914,"chit":null},"text":"move 1914"}
T3	309	{"i":308,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1813,"chit":null},"text":"move 1813"}
T3	310	{"i":309,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	311	{"i":310,"side":"abwehr","action":{"verb":"activate","unit":"308","hex":null,"chit":null},"text":"activate 308"}
T3	312	{"i":311,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2406,"chit":null},"text":"move 2406"}
T3	313	{"i":312,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	314	{"i":313,"side":"abwehr","action":{"verb":"activate","unit":"309","hex":null,"chit":null},"text":"activate 309"}
T3	315	{"i":314,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2620,"chit":null},"text":"move 2620"}
T3	316	{"i":315,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2619,"chit":null},"text":"move 2619"}
T3	317	{"i":316,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2519,"chit":null},"text":"move 2519"}
T3	318	{"i":317,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	319	{"i":318,"side":"abwehr","action":{"verb":"activate","unit":"307","hex":null,"chit":null},"text":"activate 307"}
T3	320	{"i":319,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	321	{"i":320,"side":"abwehr","action":{"verb":"activate","unit":"301","hex":null,"chit":null},"text":"activate 301"}
T3	322	{"i":321,"side":"abwehr","action":{"verb":"travel","unit":null,"hex":1613,"chit":"TR1"},"text":"travel 1613 TR1"}
T3	323	{"i":322,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1614,"chit":null},"text":"move 1614"}
T3	324	{"i":323,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1615,"chit":null},"text":"move 1615"}
T3	325	{"i":324,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	326	{"i":325,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1415,"chit":null},"text":"move 1415"}
T3	327	{"i":326,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1416,"chit":null},"text":"move 1416"}
T3	328	{"i":327,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1415,"chit":null},"text":"move 1415"}
T3	329	{"i":328,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	330	{"i":329,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1516,"chit":null},"text":"move 1516"}
T3	331	{"i":330,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	332	{"i":331,"side":"abwehr","action":{"verb":"activate","unit":"306","hex":null,"chit":null},"text":"activate 306"}
T3	333	{"i":332,"side":"abwehr","action":{"verb":"travel","unit":null,"hex":1613,"chit":"TR2"},"text":"travel 1613 TR2"}
T3	334	{"i":333,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1614,"chit":null},"text":"move 1614"}
T3	335	{"i":334,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	336	{"i":335,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1516,"chit":null},"text":"move 1516"}
T3	337	{"i":336,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1415,"chit":null},"text":"move 1415"}
T3	338	{"i":337,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1315,"chit":null},"text":"move 1315"}
T3	339	{"i":338,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	340	{"i":339,"side":"abwehr","action":{"verb":"activate","unit":"304","hex":null,"chit":null},"text":"activate 304"}
T3	341	{"i":340,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2115,"chit":null},"text":"move 2115"}
T3	342	{"i":341,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2216,"chit":null},"text":"move 2216"}
T3	343	{"i":342,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	344	{"i":343,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	345	{"i":344,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	346	{"i":345,"side":"abwehr","action":{"verb":"recruit","unit":"414","hex":null,"chit":null},"text":"recruit 414"}
T3	347	{"i":346,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	348	{"i":347,"side":"abwehr","action":{"verb":"recruit","unit":"414","hex":null,"chit":null},"text":"recruit 414"}
T3	349	{"i":348,"side":"abwehr","action":{"verb":"join","unit":"303","hex":null,"chit":null},"text":"join 303"}
T3	350	{"i":349,"side":"abwehr","action":{"verb":"roll","unit":null,"hex":null,"chit":null},"text":"roll"}
T3	351	{"i":350,"side":"abwehr","action":{"verb":"recruit","unit":"404","hex":null,"chit":null},"text":"recruit 404"}
T3	352	{"i":351,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	353	{"i":352,"side":"abwehr","action":{"verb":"recruit","unit":"405","hex":null,"chit":null},"text":"recruit 405"}
T3	354	{"i":353,"side":"abwehr","action":{"verb":"join","unit":"310","hex":null,"chit":null},"text":"join 310"}
T3	355	{"i":354,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	356	{"i":355,"side":"abwehr","action":{"verb":"recruit","unit":"404","hex":null,"chit":null},"text":"recruit 404"}
T3	357	{"i":356,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	358	{"i":357,"side":"abwehr","action":{"verb":"recruit","unit":"405","hex":null,"chit":null},"text":"recruit 405"}
T3	359	{"i":358,"side":"abwehr","action":{"verb":"join","unit":"310","hex":null,"chit":null},"text":"join 310"}
T3	360	{"i":359,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	361	{"i":360,"side":"abwehr","action":{"verb":"recruit","unit":"405","hex":null,"chit":null},"text":"recruit 405"}
T3	362	{"i":361,"side":"abwehr","action":{"verb":"join","unit":"310","hex":null,"chit":null},"text":"join 310"}
T3	363	{"i":362,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	364	{"i":363,"side":"abwehr","action":{"verb":"recruit","unit":"402","hex":null,"chit":null},"text":"recruit 402"}
T3	365	{"i":364,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	366	{"i":365,"side":"abwehr","action":{"verb":"recruit","unit":"401","hex":null,"chit":null},"text":"recruit 401"}
T3	367	{"i":366,"side":"abwehr","action":{"verb":"join","unit":"305","hex":null,"chit":null},"text":"join 305"}
T3	368	{"i":367,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	369	{"i":368,"side":"abwehr","action":{"verb":"recruit","unit":"403","hex":null,"chit":null},"text":"recruit 403"}
T3	370	{"i":369,"side":"abwehr","action":{"verb":"join","unit":"310","hex":null,"chit":null},"text":"join 310"}
T3	371	{"i":370,"side":"abwehr","action":{"verb":"cancel","unit":null,"hex":null,"chit":null},"text":"cancel"}
T3	372	{"i":371,"side":"abwehr","action":{"verb":"recruit","unit":"404","hex":null,"chit":null},"text":"recruit 404"}
T3	373	{"i":372,"side":"abwehr","action":{"verb":"join","unit":"302","hex":null,"chit":null},"text":"join 302"}
T3	374	{"i":373,"side":"abwehr","action":{"verb":"roll","unit":null,"hex":null,"chit":null},"text":"roll"}
T3	375	{"i":374,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	376	{"i":375,"side":"abwehr","action":{"verb":"no-reveal","unit":null,"hex":null,"chit":null},"text":"no-reveal"}
T3	377	{"i":376,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	378	{"i":377,"side":"abwehr","action":{"verb":"coup","unit":null,"hex":null,"chit":null},"text":"coup"}
T3	379	{"i":378,"side":"abwehr","action":{"verb":"activate","unit":"310","hex":null,"chit":null},"text":"activate 310"}
T3	380	{"i":379,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1715,"chit":null},"text":"move 1715"}
T3	381	{"i":380,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1714,"chit":null},"text":"move 1714"}
T3	382	{"i":381,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1715,"chit":null},"text":"move 1715"}
T3	383	{"i":382,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	384	{"i":383,"side":"abwehr","action":{"verb":"activate","unit":"302","hex":null,"chit":null},"text":"activate 302"}
T3	385	{"i":384,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1412,"chit":null},"text":"move 1412"}
T3	386	{"i":385,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1512,"chit":null},"text":"move 1512"}
T3	387	{"i":386,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1411,"chit":null},"text":"move 1411"}
T3	388	{"i":387,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1410,"chit":null},"text":"move 1410"}
T3	389	{"i":388,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1310,"chit":null},"text":"move 1310"}
T3	390	{"i":389,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1211,"chit":null},"text":"move 1211"}
T3	391	{"i":390,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	392	{"i":391,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	393	{"i":392,"side":"abwehr","action":{"verb":"activate","unit":"304","hex":null,"chit":null},"text":"activate 304"}
T3	394	{"i":393,"side":"abwehr","action":{"verb":"pin","unit":"004","hex":null,"chit":null},"text":"pin 004"}
T3	395	{"i":394,"side":"abwehr","action":{"verb":"pin","unit":"005","hex":null,"chit":null},"text":"pin 005"}
T3	396	{"i":395,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2117,"chit":null},"text":"move 2117"}
T3	397	{"i":396,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	398	{"i":397,"side":"ss","action":{"verb":"activate","unit":"006","hex":null,"chit":null},"text":"activate 006"}
T3	399	{"i":398,"side":"ss","action":{"verb":"harass","unit":"106","hex":null,"chit":null},"text":"harass 106"}
T3	400	{"i":399,"side":"ss","action":{"verb":"stay","unit":null,"hex":null,"chit":null},"text":"stay"}
T3	401	{"i":400,"side":"ss","action":{"verb":"move","unit":null,"hex":2409,"chit":null},"text":"move 2409"}
T3	402	{"i":401,"side":"ss","action":{"verb":"harass","unit":"205","hex":null,"chit":null},"text":"harass 205"}
T3	403	{"i":402,"side":"ss","action":{"verb":"advance","unit":null,"hex":2408,"chit":null},"text":"advance 2408"}
T3	404	{"i":403,"side":"ss","action":{"verb":"pin","unit":"306","hex":null,"chit":null},"text":"pin 306"}
T3	405	{"i":404,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	406	{"i":405,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	407	{"i":406,"side":"ss","action":{"verb":"activate","unit":"000","hex":null,"chit":null},"text":"activate 000"}
T3	408	{"i":407,"side":"ss","action":{"verb":"move","unit":null,"hex":2615,"chit":null},"text":"move 2615"}
T3	409	{"i":408,"side":"ss","action":{"verb":"move","unit":null,"hex":2714,"chit":null},"text":"move 2714"}
T3	410	{"i":409,"side":"ss","action":{"verb":"harass","unit":"103","hex":null,"chit":null},"text":"harass 103"}
T3	411	{"i":410,"side":"ss","action":{"verb":"move","unit":null,"hex":2615,"chit":null},"text":"move 2615"}
T3	412	{"i":411,"side":"ss","action":{"verb":"move","unit":null,"hex":2515,"chit":null},"text":"move 2515"}
T3	413	{"i":412,"side":"ss","action":{"verb":"move","unit":null,"hex":2615,"chit":null},"text":"move 2615"}
T3	414	{"i":413,"side":"ss","action":{"verb":"move","unit":null,"hex":2515,"chit":null},"text":"move 2515"}
T3	415	{"i":414,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	416	{"i":415,"side":"ss","action":{"verb":"activate","unit":"003","hex":null,"chit":null},"text":"activate 003"}
T3	417	{"i":416,"side":"ss","action":{"verb":"move","unit":null,"hex":2513,"chit":null},"text":"move 2513"}
T3	418	{"i":417,"side":"ss","action":{"verb":"move","unit":null,"hex":2612,"chit":null},"text":"move 2612"}
T3	419	{"i":418,"side":"ss","action":{"verb":"move","unit":null,"hex":2712,"chit":null},"text":"move 2712"}
T3	420	{"i":419,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	421	{"i":420,"side":"ss","action":{"verb":"activate","unit":"004","hex":null,"chit":null},"text":"activate 004"}
T3	422	{"i":421,"side":"ss","action":{"verb":"move","unit":null,"hex":2613,"chit":null},"text":"move 2613"}
T3	423	{"i":422,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	424	{"i":423,"side":"ss","action":{"verb":"activate","unit":"005","hex":null,"chit":null},"text":"activate 005"}
T3	425	{"i":424,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	426	{"i":425,"side":"ss","action":{"verb":"activate","unit":"011","hex":null,"chit":null},"text":"activate 011"}
T3	427	{"i":426,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	428	{"i":427,"side":"ss","action":{"verb":"activate","unit":"102","hex":null,"chit":null},"text":"activate 102"}
T3	429	{"i":428,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	430	{"i":429,"side":"ss","action":{"verb":"activate","unit":"009","hex":null,"chit":null},"text":"activate 009"}
T3	431	{"i":430,"side":"ss","action":{"verb":"move","unit":null,"hex":3011,"chit":null},"text":"move 3011"}
T3	432	{"i":431,"side":"ss","action":{"verb":"move","unit":null,"hex":2911,"chit":null},"text":"move 2911"}
T3	433	{"i":432,"side":"ss","action":{"verb":"move","unit":null,"hex":3010,"chit":null},"text":"move 3010"}
T3	434	{"i":433,"side":"ss","action":{"verb":"move","unit":null,"hex":3009,"chit":null},"text":"move 3009"}
T3	435	{"i":434,"side":"ss","action":{"verb":"move","unit":null,"hex":3108,"chit":null},"text":"move 3108"}
T3	437	{"i":436,"side":"ss","action":{"verb":"activate","unit":"012","hex":null,"chit":null},"text":"activate 012"}
T3	438	{"i":437,"side":"ss","action":{"verb":"move","unit":null,"hex":2617,"chit":null},"text":"move 2617"}
T3	439	{"i":438,"side":"ss","action":{"verb":"move","unit":null,"hex":2718,"chit":null},"text":"move 2718"}
T3	440	{"i":439,"side":"ss","action":{"verb":"move","unit":null,"hex":2818,"chit":null},"text":"move 2818"}
T3	441	{"i":440,"side":"ss","action":{"verb":"move","unit":null,"hex":2819,"chit":null},"text":"move 2819"}
T3	442	{"i":441,"side":"ss","action":{"verb":"move","unit":null,"hex":2818,"chit":null},"text":"move 2818"}
T3	443	{"i":442,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	444	{"i":443,"side":"ss","action":{"verb":"activate","unit":"010","hex":null,"chit":null},"text":"activate 010"}
T3	445	{"i":444,"side":"ss","action":{"verb":"move","unit":null,"hex":2614,"chit":null},"text":"move 2614"}
T3	446	{"i":445,"side":"ss","action":{"verb":"move","unit":null,"hex":2515,"chit":null},"text":"move 2515"}
T3	447	{"i":446,"side":"ss","action":{"verb":"move","unit":null,"hex":2615,"chit":null},"text":"move 2615"}
T3	448	{"i":447,"side":"ss","action":{"verb":"move","unit":null,"hex":2614,"chit":null},"text":"move 2614"}
T3	449	{"i":448,"side":"ss","action":{"verb":"move","unit":null,"hex":2714,"chit":null},"text":"move 2714"}
T3	450	{"i":449,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	451	{"i":450,"side":"ss","action":{"verb":"activate","unit":"002","hex":null,"chit":null},"text":"activate 002"}
T3	452	{"i":451,"side":"ss","action":{"verb":"move","unit":null,"hex":2317,"chit":null},"text":"move 2317"}
T3	453	{"i":452,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	454	{"i":453,"side":"ss","action":{"verb":"activate","unit":"001","hex":null,"chit":null},"text":"activate 001"}
T3	455	{"i":454,"side":"ss","action":{"verb":"move","unit":null,"hex":2313,"chit":null},"text":"move 2313"}
T3	456	{"i":455,"side":"ss","action":{"verb":"move","unit":null,"hex":2413,"chit":null},"text":"move 2413"}
T3	457	{"i":456,"side":"ss","action":{"verb":"move","unit":null,"hex":2514,"chit":null},"text":"move 2514"}
T3	458	{"i":457,"side":"ss","action":{"verb":"harass","unit":"103","hex":null,"chit":null},"text":"harass 103"}
T3	459	{"i":458,"side":"ss","action":{"verb":"activate","unit":"013","hex":null,"chit":null},"text":"activate 013"}
T3	460	{"i":459,"side":"ss","action":{"verb":"move","unit":null,"hex":2517,"chit":null},"text":"move 2517"}
T3	461	{"i":460,"side":"ss","action":{"verb":"move","unit":null,"hex":2417,"chit":null},"text":"move 2417"}
T3	462	{"i":461,"side":"ss","action":{"verb":"move","unit":null,"hex":2517,"chit":null},"text":"move 2517"}
T3	463	{"i":462,"side":"ss","action":{"verb":"move","unit":null,"hex":2616,"chit":null},"text":"move 2616"}
T3	464	{"i":463,"side":"ss","action":{"verb":"move","unit":null,"hex":2617,"chit":null},"text":"move 2617"}
T3	465	{"i":464,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	466	{"i":465,"side":"ss","action":{"verb":"activate","unit":"008","hex":null,"chit":null},"text":"activate 008"}
T3	467	{"i":466,"side":"ss","action":{"verb":"move","unit":null,"hex":3407,"chit":null},"text":"move 3407"}
T3	468	{"i":467,"side":"ss","action":{"verb":"move","unit":null,"hex":3507,"chit":null},"text":"move 3507"}
T3	469	{"i":468,"side":"ss","action":{"verb":"move","unit":null,"hex":3407,"chit":null},"text":"move 3407"}
T3	470	{"i":469,"side":"ss","action":{"verb":"move","unit":null,"hex":3307,"chit":null},"text":"move 3307"}
T3	471	{"i":470,"side":"ss","action":{"verb":"move","unit":null,"hex":3408,"chit":null},"text":"move 3408"}
T3	472	{"i":471,"side":"ss","action":{"verb":"move","unit":null,"hex":3309,"chit":null},"text":"move 3309"}
T3	473	{"i":472,"side":"ss","action":{"verb":"move","unit":null,"hex":3410,"chit":null},"text":"move 3410"}
T3	474	{"i":473,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	475	{"i":474,"side":"ss","action":{"verb":"activate","unit":"015","hex":null,"chit":null},"text":"activate 015"}
T3	476	{"i":475,"side":"ss","action":{"verb":"harass","unit":"309","hex":null,"chit":null},"text":"harass 309"}
T3	477	{"i":476,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	478	{"i":477,"side":"ss","action":{"verb":"activate","unit":"014","hex":null,"chit":null},"text":"activate 014"}
T3	479	{"i":478,"side":"ss","action":{"verb":"move","unit":null,"hex":2410,"chit":null},"text":"move 2410"}
T3	480	{"i":479,"side":"ss","action":{"verb":"move","unit":null,"hex":2510,"chit":null},"text":"move 2510"}
T3	481	{"i":480,"side":"ss","action":{"verb":"move","unit":null,"hex":2511,"chit":null},"text":"move 2511"}
T3	482	{"i":481,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	483	{"i":482,"side":"ss","action":{"verb":"activate","unit":"007","hex":null,"chit":null},"text":"activate 007"}
T3	484	{"i":483,"side":"ss","action":{"verb":"move","unit":null,"hex":1228,"chit":null},"text":"move 1228"}
T3	485	{"i":484,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	486	{"i":485,"side":"abwehr","action":{"verb":"pin","unit":"012","hex":null,"chit":null},"text":"pin 012"}
T3	487	{"i":486,"side":"abwehr","action":{"verb":"clear","unit":"309","hex":null,"chit":null},"text":"clear 309"}
T3	488	{"i":487,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	489	{"i":488,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	490	{"i":489,"side":"abwehr","action":{"verb":"activate","unit":"414","hex":null,"chit":null},"text":"activate 414"}
T3	491	{"i":490,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1813,"chit":null},"text":"move 1813"}
T3	492	{"i":491,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1812,"chit":null},"text":"move 1812"}
T3	493	{"i":492,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	494	{"i":493,"side":"ss","action":{"verb":"activate","unit":"013","hex":null,"chit":null},"text":"activate 013"}
T3	495	{"i":494,"side":"ss","action":{"verb":"move","unit":null,"hex":2618,"chit":null},"text":"move 2618"}
T3	496	{"i":495,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	497	{"i":496,"side":"abwehr","action":{"verb":"activate","unit":"310","hex":null,"chit":null},"text":"activate 310"}
T3	498	{"i":497,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1615,"chit":null},"text":"move 1615"}
T3	499	{"i":498,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	500	{"i":499,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1415,"chit":null},"text":"move 1415"}
T3	501	{"i":500,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	502	{"i":501,"side":"ss","action":{"verb":"activate","unit":"005","hex":null,"chit":null},"text":"activate 005"}
T3	503	{"i":502,"side":"ss","action":{"verb":"move","unit":null,"hex":3313,"chit":null},"text":"move 3313"}
T3	504	{"i":503,"side":"ss","action":{"verb":"move","unit":null,"hex":3414,"chit":null},"text":"move 3414"}
T3	505	{"i":504,"side":"ss","action":{"verb":"move","unit":null,"hex":3514,"chit":null},"text":"move 3514"}
T3	506	{"i":505,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	507	{"i":506,"side":"abwehr","action":{"verb":"activate","unit":"301","hex":null,"chit":null},"text":"activate 301"}
T3	508	{"i":507,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1616,"chit":null},"text":"move 1616"}
T3	509	{"i":508,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1716,"chit":null},"text":"move 1716"}
T3	510	{"i":509,"side":"abwehr","action":{"verb":"harass","unit":"403","hex":null,"chit":null},"text":"harass 403"}
T3	511	{"i":510,"side":"abwehr","action":{"verb":"stay","unit":null,"hex":null,"chit":null},"text":"stay"}
T3	512	{"i":511,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1615,"chit":null},"text":"move 1615"}
T3	513	{"i":512,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	514	{"i":513,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1615,"chit":null},"text":"move 1615"}
T3	515	{"i":514,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	516	{"i":515,"side":"ss","action":{"verb":"activate","unit":"012","hex":null,"chit":null},"text":"activate 012"}
T3	517	{"i":516,"side":"ss","action":{"verb":"move","unit":null,"hex":2719,"chit":null},"text":"move 2719"}
T3	518	{"i":517,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	519	{"i":518,"side":"abwehr","action":{"verb":"activate","unit":"404","hex":null,"chit":null},"text":"activate 404"}
T3	520	{"i":519,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1513,"chit":null},"text":"move 1513"}
T3	521	{"i":520,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1612,"chit":null},"text":"move 1612"}
T3	522	{"i":521,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1613,"chit":null},"text":"move 1613"}
T3	523	{"i":522,"side":"abwehr","action":{"verb":"harass","unit":"402","hex":null,"chit":null},"text":"harass 402"}
T3	524	{"i":523,"side":"ss","action":{"verb":"activate","unit":"006","hex":null,"chit":null},"text":"activate 006"}
T3	525	{"i":524,"side":"ss","action":{"verb":"move","unit":null,"hex":2508,"chit":null},"text":"move 2508"}
T3	526	{"i":525,"side":"ss","action":{"verb":"move","unit":null,"hex":2407,"chit":null},"text":"move 2407"}
T3	527	{"i":526,"side":"ss","action":{"verb":"harass","unit":"308","hex":null,"chit":null},"text":"harass 308"}
T3	528	{"i":527,"side":"ss","action":{"verb":"advance","unit":null,"hex":2406,"chit":null},"text":"advance 2406"}
T3	529	{"i":528,"side":"ss","action":{"verb":"move","unit":null,"hex":2407,"chit":null},"text":"move 2407"}
T3	530	{"i":529,"side":"ss","action":{"verb":"move","unit":null,"hex":2406,"chit":null},"text":"move 2406"}
T3	531	{"i":530,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	532	{"i":531,"side":"abwehr","action":{"verb":"activate","unit":"304","hex":null,"chit":null},"text":"activate 304"}
T3	533	{"i":532,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2218,"chit":null},"text":"move 2218"}
T3	534	{"i":533,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2219,"chit":null},"text":"move 2219"}
T3	535	{"i":534,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2220,"chit":null},"text":"move 2220"}
T3	536	{"i":535,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2219,"chit":null},"text":"move 2219"}
T3	537	{"i":536,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2119,"chit":null},"text":"move 2119"}
T3	538	{"i":537,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2219,"chit":null},"text":"move 2219"}
T3	539	{"i":538,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2318,"chit":null},"text":"move 2318"}
T3	540	{"i":539,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	541	{"i":540,"side":"ss","action":{"verb":"activate","unit":"008","hex":null,"chit":null},"text":"activate 008"}
T3	542	{"i":541,"side":"ss","action":{"verb":"move","unit":null,"hex":3310,"chit":null},"text":"move 3310"}
T3	543	{"i":542,"side":"ss","action":{"verb":"move","unit":null,"hex":3410,"chit":null},"text":"move 3410"}
T3	544	{"i":543,"side":"ss","action":{"verb":"move","unit":null,"hex":3411,"chit":null},"text":"move 3411"}
T3	545	{"i":544,"side":"ss","action":{"verb":"move","unit":null,"hex":3410,"chit":null},"text":"move 3410"}
T3	546	{"i":545,"side":"ss","action":{"verb":"move","unit":null,"hex":3510,"chit":null},"text":"move 3510"}
T3	547	{"i":546,"side":"ss","action":{"verb":"move","unit":null,"hex":3409,"chit":null},"text":"move 3409"}
T3	548	{"i":547,"side":"ss","action":{"verb":"move","unit":null,"hex":3510,"chit":null},"text":"move 3510"}
T3	549	{"i":548,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	550	{"i":549,"side":"abwehr","action":{"verb":"activate","unit":"303","hex":null,"chit":null},"text":"activate 303"}
T3	551	{"i":550,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1814,"chit":null},"text":"move 1814"}
T3	552	{"i":551,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	553	{"i":552,"side":"ss","action":{"verb":"activate","unit":"000","hex":null,"chit":null},"text":"activate 000"}
T3	554	{"i":553,"side":"ss","action":{"verb":"move","unit":null,"hex":2415,"chit":null},"text":"move 2415"}
T3	555	{"i":554,"side":"ss","action":{"verb":"move","unit":null,"hex":2516,"chit":null},"text":"move 2516"}
T3	556	{"i":555,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	557	{"i":556,"side":"abwehr","action":{"verb":"activate","unit":"300","hex":null,"chit":null},"text":"activate 300"}
T3	558	{"i":557,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1615,"chit":null},"text":"move 1615"}
T3	559	{"i":558,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1614,"chit":null},"text":"move 1614"}
T3	560	{"i":559,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	561	{"i":560,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1615,"chit":null},"text":"move 1615"}
T3	562	{"i":561,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1614,"chit":null},"text":"move 1614"}
T3	563	{"i":562,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1714,"chit":null},"text":"move 1714"}
T3	564	{"i":563,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1715,"chit":null},"text":"move 1715"}
T3	565	{"i":564,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1816,"chit":null},"text":"move 1816"}
T3	566	{"i":565,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	567	{"i":566,"side":"ss","action":{"verb":"activate","unit":"007","hex":null,"chit":null},"text":"activate 007"}
T3	568	{"i":567,"side":"ss","action":{"verb":"move","unit":null,"hex":1328,"chit":null},"text":"move 1328"}
T3	569	{"i":568,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	570	{"i":569,"side":"abwehr","action":{"verb":"activate","unit":"305","hex":null,"chit":null},"text":"activate 305"}
T3	571	{"i":570,"side":"abwehr","action":{"verb":"harass","unit":"401","hex":null,"chit":null},"text":"harass 401"}
T3	572	{"i":571,"side":"abwehr","action":{"verb":"harass","unit":"401","hex":null,"chit":null},"text":"harass 401"}
T3	573	{"i":572,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1516,"chit":null},"text":"move 1516"}
T3	574	{"i":573,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	575	{"i":574,"side":"ss","action":{"verb":"activate","unit":"004","hex":null,"chit":null},"text":"activate 004"}
T3	576	{"i":575,"side":"ss","action":{"verb":"move","unit":null,"hex":2712,"chit":null},"text":"move 2712"}
T3	577	{"i":576,"side":"ss","action":{"verb":"move","unit":null,"hex":2613,"chit":null},"text":"move 2613"}
T3	578	{"i":577,"side":"ss","action":{"verb":"move","unit":null,"hex":2714,"chit":null},"text":"move 2714"}
T3	579	{"i":578,"side":"ss","action":{"verb":"move","unit":null,"hex":2614,"chit":null},"text":"move 2614"}
T3	580	{"i":579,"side":"ss","action":{"verb":"move","unit":null,"hex":2515,"chit":null},"text":"move 2515"}
T3	581	{"i":580,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	582	{"i":581,"side":"abwehr","action":{"verb":"activate","unit":"413","hex":null,"chit":null},"text":"activate 413"}
T3	583	{"i":582,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	584	{"i":583,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1516,"chit":null},"text":"move 1516"}
T3	585	{"i":584,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1417,"chit":null},"text":"move 1417"}
T3	586	{"i":585,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	587	{"i":586,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	588	{"i":587,"side":"abwehr","action":{"verb":"activate","unit":"302","hex":null,"chit":null},"text":"activate 302"}
T3	589	{"i":588,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1310,"chit":null},"text":"move 1310"}
T3	590	{"i":589,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	591	{"i":590,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	592	{"i":591,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	593	{"i":592,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	594	{"i":593,"side":"abwehr","action":{"verb":"activate","unit":"300","hex":null,"chit":null},"text":"activate 300"}
T3	595	{"i":594,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1716,"chit":null},"text":"move 1716"}
T3	596	{"i":595,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1816,"chit":null},"text":"move 1816"}
T3	597	{"i":596,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1817,"chit":null},"text":"move 1817"}
T3	598	{"i":597,"side":"abwehr","action":{"verb":"harass","unit":"405","hex":null,"chit":null},"text":"harass 405"}
T3	599	{"i":598,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1818,"chit":null},"text":"move 1818"}
T3	600	{"i":599,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1918,"chit":null},"text":"move 1918"}
T3	601	{"i":600,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1817,"chit":null},"text":"move 1817"}
T3	602	{"i":601,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	603	{"i":602,"side":"ss","action":{"verb":"activate","unit":"002","hex":null,"chit":null},"text":"activate 002"}
T3	604	{"i":603,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	605	{"i":604,"side":"abwehr","action":{"verb":"activate","unit":"200","hex":null,"chit":null},"text":"activate 200"}
T3	606	{"i":605,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2120,"chit":null},"text":"move 2120"}
T3	607	{"i":606,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2119,"chit":null},"text":"move 2119"}
T3	608	{"i":607,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2120,"chit":null},"text":"move 2120"}
T3	609	{"i":608,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2020,"chit":null},"text":"move 2020"}
T3	610	{"i":609,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1919,"chit":null},"text":"move 1919"}
T3	611	{"i":610,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	612	{"i":611,"side":"ss","action":{"verb":"activate","unit":"000","hex":null,"chit":null},"text":"activate 000"}
T3	613	{"i":612,"side":"ss","action":{"verb":"move","unit":null,"hex":2415,"chit":null},"text":"move 2415"}
T3	614	{"i":613,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	615	{"i":614,"side":"abwehr","action":{"verb":"activate","unit":"302","hex":null,"chit":null},"text":"activate 302"}
T3	616	{"i":615,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1211,"chit":null},"text":"move 1211"}
T3	617	{"i":616,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1310,"chit":null},"text":"move 1310"}
T3	618	{"i":617,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1309,"chit":null},"text":"move 1309"}
T3	619	{"i":618,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1409,"chit":null},"text":"move 1409"}
T3	620	{"i":619,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	621	{"i":620,"side":"ss","action":{"verb":"activate","unit":"004","hex":null,"chit":null},"text":"activate 004"}
T3	622	{"i":621,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	623	{"i":622,"side":"abwehr","action":{"verb":"activate","unit":"306","hex":null,"chit":null},"text":"activate 306"}
T3	624	{"i":623,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1415,"chit":null},"text":"move 1415"}
T3	625	{"i":624,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1516,"chit":null},"text":"move 1516"}
T3	626	{"i":625,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1416,"chit":null},"text":"move 1416"}
T3	627	{"i":626,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1317,"chit":null},"text":"move 1317"}
T3	628	{"i":627,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1418,"chit":null},"text":"move 1418"}
T3	629	{"i":628,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	630	{"i":629,"side":"ss","action":{"verb":"activate","unit":"015","hex":null,"chit":null},"text":"activate 015"}
T3	631	{"i":630,"side":"ss","action":{"verb":"harass","unit":"309","hex":null,"chit":null},"text":"harass 309"}
T3	632	{"i":631,"side":"abwehr","action":{"verb":"activate","unit":"413","hex":null,"chit":null},"text":"activate 413"}
T3	633	{"i":632,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	634	{"i":633,"side":"ss","action":{"verb":"activate","unit":"010","hex":null,"chit":null},"text":"activate 010"}
T3	635	{"i":634,"side":"ss","action":{"verb":"move","unit":null,"hex":2715,"chit":null},"text":"move 2715"}
T3	636	{"i":635,"side":"ss","action":{"verb":"move","unit":null,"hex":2714,"chit":null},"text":"move 2714"}
T3	637	{"i":636,"side":"ss","action":{"verb":"move","unit":null,"hex":2615,"chit":null},"text":"move 2615"}
T3	638	{"i":637,"side":"ss","action":{"verb":"move","unit":null,"hex":2715,"chit":null},"text":"move 2715"}
T3	639	{"i":638,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	640	{"i":639,"side":"abwehr","action":{"verb":"activate","unit":"305","hex":null,"chit":null},"text":"activate 305"}
T3	641	{"i":640,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1616,"chit":null},"text":"move 1616"}
T3	642	{"i":641,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1615,"chit":null},"text":"move 1615"}
T3	643	{"i":642,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	644	{"i":643,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1616,"chit":null},"text":"move 1616"}
T3	645	{"i":644,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1617,"chit":null},"text":"move 1617"}
T3	646	{"i":645,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	647	{"i":646,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	648	{"i":647,"side":"abwehr","action":{"verb":"activate","unit":"309","hex":null,"chit":null},"text":"activate 309"}
T3	649	{"i":648,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2620,"chit":null},"text":"move 2620"}
T3	650	{"i":649,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2720,"chit":null},"text":"move 2720"}
T3	651	{"i":650,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	652	{"i":651,"side":"abwehr","action":{"verb":"activate","unit":"301","hex":null,"chit":null},"text":"activate 301"}
T3	653	{"i":652,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1614,"chit":null},"text":"move 1614"}
T3	654	{"i":653,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1613,"chit":null},"text":"move 1613"}
T3	655	{"i":654,"side":"abwehr","action":{"verb":"harass","unit":"402","hex":null,"chit":null},"text":"harass 402"}
T3	656	{"i":655,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1513,"chit":null},"text":"move 1513"}
T3	657	{"i":656,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1514,"chit":null},"text":"move 1514"}
T3	658	{"i":657,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	659	{"i":658,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	660	{"i":659,"side":"abwehr","action":{"verb":"activate","unit":"307","hex":null,"chit":null},"text":"activate 307"}
T3	661	{"i":660,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	662	{"i":661,"side":"abwehr","action":{"verb":"activate","unit":"310","hex":null,"chit":null},"text":"activate 310"}
T3	663	{"i":662,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1514,"chit":null},"text":"move 1514"}
T3	664	{"i":663,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1513,"chit":null},"text":"move 1513"}
T3	665	{"i":664,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1512,"chit":null},"text":"move 1512"}
T3	666	{"i":665,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	667	{"i":666,"side":"abwehr","action":{"verb":"activate","unit":"304","hex":null,"chit":null},"text":"activate 304"}
T3	668	{"i":667,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2219,"chit":null},"text":"move 2219"}
T3	669	{"i":668,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2319,"chit":null},"text":"move 2319"}
T3	670	{"i":669,"side":"abwehr","action":{"verb":"harass","unit":"110","hex":null,"chit":null},"text":"harass 110"}
T3	671	{"i":670,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2419,"chit":null},"text":"move 2419"}
T3	672	{"i":671,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2520,"chit":null},"text":"move 2520"}
T3	673	{"i":672,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	674	{"i":673,"side":"abwehr","action":{"verb":"activate","unit":"303","hex":null,"chit":null},"text":"activate 303"}
T3	675	{"i":674,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	676	{"i":675,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	677	{"i":676,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	678	{"i":677,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	679	{"i":678,"side":"abwehr","action":{"verb":"activate","unit":"302","hex":null,"chit":null},"text":"activate 302"}
T3	680	{"i":679,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1408,"chit":null},"text":"move 1408"}
T3	681	{"i":680,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1508,"chit":null},"text":"move 1508"}
T3	682	{"i":681,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	683	{"i":682,"side":"ss","action":{"verb":"activate","unit":"003","hex":null,"chit":null},"text":"activate 003"}
T3	684	{"i":683,"side":"ss","action":{"verb":"move","unit":null,"hex":2612,"chit":null},"text":"move 2612"}
T3	685	{"i":684,"side":"ss","action":{"verb":"move","unit":null,"hex":2513,"chit":null},"text":"move 2513"}
T3	686	{"i":685,"side":"ss","action":{"verb":"move","unit":null,"hex":2612,"chit":null},"text":"move 2612"}
T3	687	{"i":686,"side":"ss","action":{"verb":"move","unit":null,"hex":2613,"chit":null},"text":"move 2613"}
T3	688	{"i":687,"side":"ss","action":{"verb":"move","unit":null,"hex":2714,"chit":null},"text":"move 2714"}
T3	689	{"i":688,"side":"ss","action":{"verb":"move","unit":null,"hex":2615,"chit":null},"text":"move 2615"}
T3	690	{"i":689,"side":"ss","action":{"verb":"move","unit":null,"hex":2715,"chit":null},"text":"move 2715"}
T3	691	{"i":690,"side":"ss","action":{"verb":"move","unit":null,"hex":2816,"chit":null},"text":"move 2816"}
T3	692	{"i":691,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	693	{"i":692,"side":"abwehr","action":{"verb":"activate","unit":"307","hex":null,"chit":null},"text":"activate 307"}
T3	694	{"i":693,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1822,"chit":null},"text":"move 1822"}
T3	695	{"i":694,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1721,"chit":null},"text":"move 1721"}
T3	696	{"i":695,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1821,"chit":null},"text":"move 1821"}
T3	697	{"i":696,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1721,"chit":null},"text":"move 1721"}
T3	698	{"i":697,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1821,"chit":null},"text":"move 1821"}
T3	699	{"i":698,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	700	{"i":699,"side":"ss","action":{"verb":"activate","unit":"012","hex":null,"chit":null},"text":"activate 012"}
T3	701	{"i":700,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	702	{"i":701,"side":"abwehr","action":{"verb":"activate","unit":"306","hex":null,"chit":null},"text":"activate 306"}
T3	703	{"i":702,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1317,"chit":null},"text":"move 1317"}
T3	704	{"i":703,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1418,"chit":null},"text":"move 1418"}
T3	705	{"i":704,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1319,"chit":null},"text":"move 1319"}
T3	706	{"i":705,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1318,"chit":null},"text":"move 1318"}
T3	707	{"i":706,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1217,"chit":null},"text":"move 1217"}
T3	708	{"i":707,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	709	{"i":708,"side":"ss","action":{"verb":"activate","unit":"002","hex":null,"chit":null},"text":"activate 002"}
T3	710	{"i":709,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	711	{"i":710,"side":"abwehr","action":{"verb":"activate","unit":"305","hex":null,"chit":null},"text":"activate 305"}
T3	712	{"i":711,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1717,"chit":null},"text":"move 1717"}
T3	713	{"i":712,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1818,"chit":null},"text":"move 1818"}
T3	714	{"i":713,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	715	{"i":714,"side":"ss","action":{"verb":"activate","unit":"008","hex":null,"chit":null},"text":"activate 008"}
T3	716	{"i":715,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	717	{"i":716,"side":"abwehr","action":{"verb":"activate","unit":"310","hex":null,"chit":null},"text":"activate 310"}
T3	718	{"i":717,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1612,"chit":null},"text":"move 1612"}
T3	719	{"i":718,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1512,"chit":null},"text":"move 1512"}
T3	720	{"i":719,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1413,"chit":null},"text":"move 1413"}
T3	721	{"i":720,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	722	{"i":721,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	723	{"i":722,"side":"abwehr","action":{"verb":"activate","unit":"304","hex":null,"chit":null},"text":"activate 304"}
T3	724	{"i":723,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2419,"chit":null},"text":"move 2419"}
T3	725	{"i":724,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2520,"chit":null},"text":"move 2520"}
T3	726	{"i":725,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2620,"chit":null},"text":"move 2620"}
T3	727	{"i":726,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2619,"chit":null},"text":"move 2619"}
T3	728	{"i":727,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	729	{"i":728,"side":"abwehr","action":{"verb":"activate","unit":"300","hex":null,"chit":null},"text":"activate 300"}
T3	730	{"i":729,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1818,"chit":null},"text":"move 1818"}
T3	731	{"i":730,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1717,"chit":null},"text":"move 1717"}
T3	732	{"i":731,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	733	{"i":732,"side":"abwehr","action":{"verb":"activate","unit":"303","hex":null,"chit":null},"text":"activate 303"}
T3	734	{"i":733,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	735	{"i":734,"side":"abwehr","action":{"verb":"activate","unit":"200","hex":null,"chit":null},"text":"activate 200"}
T3	736	{"i":735,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2020,"chit":null},"text":"move 2020"}
T3	737	{"i":736,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2120,"chit":null},"text":"move 2120"}
T3	738	{"i":737,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2220,"chit":null},"text":"move 2220"}
T3	739	{"i":738,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	740	{"i":739,"side":"abwehr","action":{"verb":"activate","unit":"413","hex":null,"chit":null},"text":"activate 413"}
T3	741	{"i":740,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1418,"chit":null},"text":"move 1418"}
T3	742	{"i":741,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1419,"chit":null},"text":"move 1419"}
T3	743	{"i":742,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1319,"chit":null},"text":"move 1319"}
T3	744	{"i":743,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1318,"chit":null},"text":"move 1318"}
T3	745	{"i":744,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1317,"chit":null},"text":"move 1317"}
T3	746	{"i":745,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	747	{"i":746,"side":"abwehr","action":{"verb":"activate","unit":"309","hex":null,"chit":null},"text":"activate 309"}
T3	748	{"i":747,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2621,"chit":null},"text":"move 2621"}
T3	749	{"i":748,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2622,"chit":null},"text":"move 2622"}
T3	750	{"i":749,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2722,"chit":null},"text":"move 2722"}
T3	751	{"i":750,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	752	{"i":751,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	753	{"i":752,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	754	{"i":753,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	755	{"i":754,"side":"abwehr","action":{"verb":"activate","unit":"200","hex":null,"chit":null},"text":"activate 200"}
T3	756	{"i":755,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2121,"chit":null},"text":"move 2121"}
T3	757	{"i":756,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2120,"chit":null},"text":"move 2120"}
T3	758	{"i":757,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2019,"chit":null},"text":"move 2019"}
T3	759	{"i":758,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2118,"chit":null},"text":"move 2118"}
T3	760	{"i":759,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	761	{"i":760,"side":"ss","action":{"verb":"activate","unit":"005","hex":null,"chit":null},"text":"activate 005"}
T3	762	{"i":761,"side":"ss","action":{"verb":"move","unit":null,"hex":3415,"chit":null},"text":"move 3415"}
T3	763	{"i":762,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	764	{"i":763,"side":"abwehr","action":{"verb":"activate","unit":"304","hex":null,"chit":null},"text":"activate 304"}
T3	765	{"i":764,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	766	{"i":765,"side":"ss","action":{"verb":"activate","unit":"000","hex":null,"chit":null},"text":"activate 000"}
T3	767	{"i":766,"side":"ss","action":{"verb":"move","unit":null,"hex":2514,"chit":null},"text":"move 2514"}
T3	768	{"i":767,"side":"ss","action":{"verb":"move","unit":null,"hex":2515,"chit":null},"text":"move 2515"}
T3	769	{"i":768,"side":"ss","action":{"verb":"move","unit":null,"hex":2415,"chit":null},"text":"move 2415"}
T3	770	{"i":769,"side":"ss","action":{"verb":"move","unit":null,"hex":2414,"chit":null},"text":"move 2414"}
T3	771	{"i":770,"side":"ss","action":{"verb":"move","unit":null,"hex":2313,"chit":null},"text":"move 2313"}
T3	772	{"i":771,"side":"ss","action":{"verb":"move","unit":null,"hex":2414,"chit":null},"text":"move 2414"}
T3	773	{"i":772,"side":"ss","action":{"verb":"move","unit":null,"hex":2415,"chit":null},"text":"move 2415"}
T3	774	{"i":773,"side":"ss","action":{"verb":"move","unit":null,"hex":2516,"chit":null},"text":"move 2516"}
T3	775	{"i":774,"side":"ss","action":{"verb":"move","unit":null,"hex":2415,"chit":null},"text":"move 2415"}
T3	776	{"i":775,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	777	{"i":776,"side":"abwehr","action":{"verb":"activate","unit":"307","hex":null,"chit":null},"text":"activate 307"}
T3	778	{"i":777,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1721,"chit":null},"text":"move 1721"}
T3	779	{"i":778,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1822,"chit":null},"text":"move 1822"}
T3	780	{"i":779,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1721,"chit":null},"text":"move 1721"}
T3	781	{"i":780,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	782	{"i":781,"side":"ss","action":{"verb":"activate","unit":"013","hex":null,"chit":null},"text":"activate 013"}
T3	783	{"i":782,"side":"ss","action":{"verb":"harass","unit":"304","hex":null,"chit":null},"text":"harass 304"}
T3	784	{"i":783,"side":"ss","action":{"verb":"advance","unit":null,"hex":2619,"chit":null},"text":"advance 2619"}
T3	785	{"i":784,"side":"ss","action":{"verb":"move","unit":null,"hex":2519,"chit":null},"text":"move 2519"}
T3	786	{"i":785,"side":"ss","action":{"verb":"move","unit":null,"hex":2520,"chit":null},"text":"move 2520"}
T3	787	{"i":786,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	788	{"i":787,"side":"abwehr","action":{"verb":"activate","unit":"301","hex":null,"chit":null},"text":"activate 301"}
T3	789	{"i":788,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1514,"chit":null},"text":"move 1514"}
T3	790	{"i":789,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1415,"chit":null},"text":"move 1415"}
T3	791	{"i":790,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	792	{"i":791,"side":"ss","action":{"verb":"activate","unit":"011","hex":null,"chit":null},"text":"activate 011"}
T3	793	{"i":792,"side":"ss","action":{"verb":"move","unit":null,"hex":2413,"chit":null},"text":"move 2413"}
T3	794	{"i":793,"side":"ss","action":{"verb":"move","unit":null,"hex":2412,"chit":null},"text":"move 2412"}
T3	795	{"i":794,"side":"ss","action":{"verb":"move","unit":null,"hex":2311,"chit":null},"text":"move 2311"}
T3	796	{"i":795,"side":"ss","action":{"verb":"move","unit":null,"hex":2410,"chit":null},"text":"move 2410"}
T3	797	{"i":796,"side":"ss","action":{"verb":"move","unit":null,"hex":2409,"chit":null},"text":"move 2409"}
T3	798	{"i":797,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	799	{"i":798,"side":"abwehr","action":{"verb":"activate","unit":"414","hex":null,"chit":null},"text":"activate 414"}
T3	800	{"i":799,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1813,"chit":null},"text":"move 1813"}
T3	801	{"i":800,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1713,"chit":null},"text":"move 1713"}
T3	802	{"i":801,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1813,"chit":null},"text":"move 1813"}
T3	803	{"i":802,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	804	{"i":803,"side":"ss","action":{"verb":"activate","unit":"008","hex":null,"chit":null},"text":"activate 008"}
T3	805	{"i":804,"side":"ss","action":{"verb":"move","unit":null,"hex":3509,"chit":null},"text":"move 3509"}
T3	806	{"i":805,"side":"ss","action":{"verb":"move","unit":null,"hex":3609,"chit":null},"text":"move 3609"}
T3	807	{"i":806,"side":"ss","action":{"verb":"move","unit":null,"hex":3710,"chit":null},"text":"move 3710"}
T3	808	{"i":807,"side":"ss","action":{"verb":"move","unit":null,"hex":3610,"chit":null},"text":"move 3610"}
T3	809	{"i":808,"side":"ss","action":{"verb":"move","unit":null,"hex":3611,"chit":null},"text":"move 3611"}
T3	810	{"i":809,"side":"ss","action":{"verb":"move","unit":null,"hex":3712,"chit":null},"text":"move 3712"}
T3	811	{"i":810,"side":"ss","action":{"verb":"move","unit":null,"hex":3613,"chit":null},"text":"move 3613"}
T3	812	{"i":811,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	813	{"i":812,"side":"abwehr","action":{"verb":"activate","unit":"300","hex":null,"chit":null},"text":"activate 300"}
T3	814	{"i":813,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1718,"chit":null},"text":"move 1718"}
T3	815	{"i":814,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	816	{"i":815,"side":"ss","action":{"verb":"activate","unit":"010","hex":null,"chit":null},"text":"activate 010"}
T3	817	{"i":816,"side":"ss","action":{"verb":"move","unit":null,"hex":2714,"chit":null},"text":"move 2714"}
T3	818	{"i":817,"side":"ss","action":{"verb":"harass","unit":"108","hex":null,"chit":null},"text":"harass 108"}
T3	819	{"i":818,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	820	{"i":819,"side":"abwehr","action":{"verb":"activate","unit":"306","hex":null,"chit":null},"text":"activate 306"}
T3	821	{"i":820,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1216,"chit":null},"text":"move 1216"}
T3	822	{"i":821,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1217,"chit":null},"text":"move 1217"}
T3	823	{"i":822,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1318,"chit":null},"text":"move 1318"}
T3	824	{"i":823,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	825	{"i":824,"side":"ss","action":{"verb":"activate","unit":"002","hex":null,"chit":null},"text":"activate 002"}
T3	826	{"i":825,"side":"ss","action":{"verb":"move","unit":null,"hex":2416,"chit":null},"text":"move 2416"}
T3	827	{"i":826,"side":"ss","action":{"verb":"move","unit":null,"hex":2417,"chit":null},"text":"move 2417"}
T3	828	{"i":827,"side":"ss","action":{"verb":"move","unit":null,"hex":2516,"chit":null},"text":"move 2516"}
T3	829	{"i":828,"side":"ss","action":{"verb":"move","unit":null,"hex":2517,"chit":null},"text":"move 2517"}
T3	830	{"i":829,"side":"ss","action":{"verb":"move","unit":null,"hex":2417,"chit":null},"text":"move 2417"}
T3	831	{"i":830,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	832	{"i":831,"side":"abwehr","action":{"verb":"activate","unit":"310","hex":null,"chit":null},"text":"activate 310"}
T3	833	{"i":832,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1512,"chit":null},"text":"move 1512"}
T3	834	{"i":833,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1413,"chit":null},"text":"move 1413"}
T3	835	{"i":834,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1313,"chit":null},"text":"move 1313"}
T3	836	{"i":835,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	837	{"i":836,"side":"ss","action":{"verb":"activate","unit":"009","hex":null,"chit":null},"text":"activate 009"}
T3	838	{"i":837,"side":"ss","action":{"verb":"move","unit":null,"hex":3008,"chit":null},"text":"move 3008"}
T3	839	{"i":838,"side":"ss","action":{"verb":"move","unit":null,"hex":2907,"chit":null},"text":"move 2907"}
T3	840	{"i":839,"side":"ss","action":{"verb":"move","unit":null,"hex":2906,"chit":null},"text":"move 2906"}
T3	841	{"i":840,"side":"ss","action":{"verb":"move","unit":null,"hex":2807,"chit":null},"text":"move 2807"}
T3	842	{"i":841,"side":"ss","action":{"verb":"move","unit":null,"hex":2806,"chit":null},"text":"move 2806"}
T3	843	{"i":842,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	844	{"i":843,"side":"abwehr","action":{"verb":"activate","unit":"305","hex":null,"chit":null},"text":"activate 305"}
T3	845	{"i":844,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	846	{"i":845,"side":"ss","action":{"verb":"activate","unit":"003","hex":null,"chit":null},"text":"activate 003"}
T3	847	{"i":846,"side":"ss","action":{"verb":"move","unit":null,"hex":2817,"chit":null},"text":"move 2817"}
T3	848	{"i":847,"side":"ss","action":{"verb":"move","unit":null,"hex":2917,"chit":null},"text":"move 2917"}
T3	849	{"i":848,"side":"ss","action":{"verb":"move","unit":null,"hex":2916,"chit":null},"text":"move 2916"}
T3	850	{"i":849,"side":"ss","action":{"verb":"move","unit":null,"hex":2817,"chit":null},"text":"move 2817"}
T3	851	{"i":850,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	852	{"i":851,"side":"abwehr","action":{"verb":"activate","unit":"413","hex":null,"chit":null},"text":"activate 413"}
T3	853	{"i":852,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1217,"chit":null},"text":"move 1217"}
T3	854	{"i":853,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1317,"chit":null},"text":"move 1317"}
T3	855	{"i":854,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1318,"chit":null},"text":"move 1318"}
T3	856	{"i":855,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1317,"chit":null},"text":"move 1317"}
T3	857	{"i":856,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	858	{"i":857,"side":"ss","action":{"verb":"activate","unit":"012","hex":null,"chit":null},"text":"activate 012"}
T3	859	{"i":858,"side":"ss","action":{"verb":"move","unit":null,"hex":2820,"chit":null},"text":"move 2820"}
T3	860	{"i":859,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	861	{"i":860,"side":"abwehr","action":{"verb":"activate","unit":"302","hex":null,"chit":null},"text":"activate 302"}
T3	862	{"i":861,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1407,"chit":null},"text":"move 1407"}
T3	863	{"i":862,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1307,"chit":null},"text":"move 1307"}
T3	864	{"i":863,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1207,"chit":null},"text":"move 1207"}
T3	865	{"i":864,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1306,"chit":null},"text":"move 1306"}
T3	866	{"i":865,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1207,"chit":null},"text":"move 1207"}
T3	867	{"i":866,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1307,"chit":null},"text":"move 1307"}
T3	868	{"i":867,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	869	{"i":868,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	870	{"i":869,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	871	{"i":870,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	872	{"i":871,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	873	{"i":872,"side":"abwehr","action":{"verb":"activate","unit":"309","hex":null,"chit":null},"text":"activate 309"}
T3	874	{"i":873,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	875	{"i":874,"side":"ss","action":{"verb":"activate","unit":"002","hex":null,"chit":null},"text":"activate 002"}
T3	876	{"i":875,"side":"ss","action":{"verb":"move","unit":null,"hex":2517,"chit":null},"text":"move 2517"}
T3	877	{"i":876,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	878	{"i":877,"side":"abwehr","action":{"verb":"activate","unit":"301","hex":null,"chit":null},"text":"activate 301"}
T3	879	{"i":878,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1514,"chit":null},"text":"move 1514"}
T3	880	{"i":879,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1415,"chit":null},"text":"move 1415"}
T3	881	{"i":880,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1515,"chit":null},"text":"move 1515"}
T3	882	{"i":881,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1614,"chit":null},"text":"move 1614"}
T3	883	{"i":882,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1615,"chit":null},"text":"move 1615"}
T3	884	{"i":883,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1616,"chit":null},"text":"move 1616"}
T3	885	{"i":884,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1617,"chit":null},"text":"move 1617"}
T3	886	{"i":885,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	887	{"i":886,"side":"ss","action":{"verb":"activate","unit":"012","hex":null,"chit":null},"text":"activate 012"}
T3	888	{"i":887,"side":"ss","action":{"verb":"move","unit":null,"hex":2719,"chit":null},"text":"move 2719"}
T3	889	{"i":888,"side":"ss","action":{"verb":"move","unit":null,"hex":2819,"chit":null},"text":"move 2819"}
T3	890	{"i":889,"side":"ss","action":{"verb":"move","unit":null,"hex":2919,"chit":null},"text":"move 2919"}
T3	891	{"i":890,"side":"ss","action":{"verb":"move","unit":null,"hex":3019,"chit":null},"text":"move 3019"}
T3	892	{"i":891,"side":"ss","action":{"verb":"move","unit":null,"hex":3120,"chit":null},"text":"move 3120"}
T3	893	{"i":892,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	894	{"i":893,"side":"abwehr","action":{"verb":"activate","unit":"307","hex":null,"chit":null},"text":"activate 307"}
T3	895	{"i":894,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1822,"chit":null},"text":"move 1822"}
T3	896	{"i":895,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1722,"chit":null},"text":"move 1722"}
T3	897	{"i":896,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	898	{"i":897,"side":"ss","action":{"verb":"activate","unit":"011","hex":null,"chit":null},"text":"activate 011"}
T3	899	{"i":898,"side":"ss","action":{"verb":"move","unit":null,"hex":2509,"chit":null},"text":"move 2509"}
T3	900	{"i":899,"side":"ss","action":{"verb":"move","unit":null,"hex":2609,"chit":null},"text":"move 2609"}
T3	901	{"i":900,"side":"ss","action":{"verb":"move","unit":null,"hex":2708,"chit":null},"text":"move 2708"}
T3	902	{"i":901,"side":"ss","action":{"verb":"move","unit":null,"hex":2607,"chit":null},"text":"move 2607"}
T3	903	{"i":902,"side":"ss","action":{"verb":"move","unit":null,"hex":2706,"chit":null},"text":"move 2706"}
T3	904	{"i":903,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	905	{"i":904,"side":"abwehr","action":{"verb":"activate","unit":"306","hex":null,"chit":null},"text":"activate 306"}
T3	906	{"i":905,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1219,"chit":null},"text":"move 1219"}
T3	907	{"i":906,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	908	{"i":907,"side":"ss","action":{"verb":"activate","unit":"005","hex":null,"chit":null},"text":"activate 005"}
T3	909	{"i":908,"side":"ss","action":{"verb":"move","unit":null,"hex":3414,"chit":null},"text":"move 3414"}
T3	910	{"i":909,"side":"ss","action":{"verb":"move","unit":null,"hex":3413,"chit":null},"text":"move 3413"}
T3	911	{"i":910,"side":"ss","action":{"verb":"move","unit":null,"hex":3313,"chit":null},"text":"move 3313"}
T3	912	{"i":911,"side":"ss","action":{"verb":"move","unit":null,"hex":3412,"chit":null},"text":"move 3412"}
T3	913	{"i":912,"side":"ss","action":{"verb":"move","unit":null,"hex":3312,"chit":null},"text":"move 3312"}
T3	914	{"i":913,"side":"ss","action":{"verb":"move","unit":null,"hex":3412,"chit":null},"text":"move 3412"}
T3	915	{"i":914,"side":"ss","action":{"verb":"move","unit":null,"hex":3311,"chit":null},"text":"move 3311"}
T3	916	{"i":915,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	917	{"i":916,"side":"abwehr","action":{"verb":"activate","unit":"200","hex":null,"chit":null},"text":"activate 200"}
T3	918	{"i":917,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2218,"chit":null},"text":"move 2218"}
T3	919	{"i":918,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2118,"chit":null},"text":"move 2118"}
T3	920	{"i":919,"side":"abwehr","action":{"verb":"move","unit":null,"hex":2017,"chit":null},"text":"move 2017"}
T3	921	{"i":920,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	922	{"i":921,"side":"ss","action":{"verb":"activate","unit":"102","hex":null,"chit":null},"text":"activate 102"}
T3	923	{"i":922,"side":"ss","action":{"verb":"move","unit":null,"hex":2315,"chit":null},"text":"move 2315"}
T3	924	{"i":923,"side":"ss","action":{"verb":"move","unit":null,"hex":2415,"chit":null},"text":"move 2415"}
T3	925	{"i":924,"side":"ss","action":{"verb":"move","unit":null,"hex":2516,"chit":null},"text":"move 2516"}
T3	926	{"i":925,"side":"ss","action":{"verb":"move","unit":null,"hex":2416,"chit":null},"text":"move 2416"}
T3	927	{"i":926,"side":"ss","action":{"verb":"move","unit":null,"hex":2317,"chit":null},"text":"move 2317"}
T3	928	{"i":927,"side":"ss","action":{"verb":"move","unit":null,"hex":2416,"chit":null},"text":"move 2416"}
T3	929	{"i":928,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	930	{"i":929,"side":"abwehr","action":{"verb":"activate","unit":"305","hex":null,"chit":null},"text":"activate 305"}
T3	931	{"i":930,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1717,"chit":null},"text":"move 1717"}
T3	932	{"i":931,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1817,"chit":null},"text":"move 1817"}
T3	933	{"i":932,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1818,"chit":null},"text":"move 1818"}
T3	934	{"i":933,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1719,"chit":null},"text":"move 1719"}
T3	935	{"i":934,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1718,"chit":null},"text":"move 1718"}
T3	936	{"i":935,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1617,"chit":null},"text":"move 1617"}
T3	937	{"i":936,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1716,"chit":null},"text":"move 1716"}
T3	938	{"i":937,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	939	{"i":938,"side":"ss","action":{"verb":"activate","unit":"000","hex":null,"chit":null},"text":"activate 000"}
T3	940	{"i":939,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	941	{"i":940,"side":"abwehr","action":{"verb":"activate","unit":"303","hex":null,"chit":null},"text":"activate 303"}
T3	942	{"i":941,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1715,"chit":null},"text":"move 1715"}
T3	943	{"i":942,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	944	{"i":943,"side":"ss","action":{"verb":"activate","unit":"014","hex":null,"chit":null},"text":"activate 014"}
T3	945	{"i":944,"side":"ss","action":{"verb":"move","unit":null,"hex":2611,"chit":null},"text":"move 2611"}
T3	946	{"i":945,"side":"ss","action":{"verb":"move","unit":null,"hex":2511,"chit":null},"text":"move 2511"}
T3	947	{"i":946,"side":"ss","action":{"verb":"move","unit":null,"hex":2510,"chit":null},"text":"move 2510"}
T3	948	{"i":947,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	949	{"i":948,"side":"abwehr","action":{"verb":"activate","unit":"310","hex":null,"chit":null},"text":"activate 310"}
T3	950	{"i":949,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1213,"chit":null},"text":"move 1213"}
T3	951	{"i":950,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1212,"chit":null},"text":"move 1212"}
T3	952	{"i":951,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1111,"chit":null},"text":"move 1111"}
T3	953	{"i":952,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	954	{"i":953,"side":"ss","action":{"verb":"activate","unit":"008","hex":null,"chit":null},"text":"activate 008"}
T3	955	{"i":954,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	956	{"i":955,"side":"abwehr","action":{"verb":"activate","unit":"413","hex":null,"chit":null},"text":"activate 413"}
T3	957	{"i":956,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1217,"chit":null},"text":"move 1217"}
T3	958	{"i":957,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1316,"chit":null},"text":"move 1316"}
T3	959	{"i":958,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	960	{"i":959,"side":"ss","action":{"verb":"activate","unit":"006","hex":null,"chit":null},"text":"activate 006"}
T3	961	{"i":960,"side":"ss","action":{"verb":"move","unit":null,"hex":2306,"chit":null},"text":"move 2306"}
T3	962	{"i":961,"side":"ss","action":{"verb":"move","unit":null,"hex":2205,"chit":null},"text":"move 2205"}
T3	963	{"i":962,"side":"ss","action":{"verb":"move","unit":null,"hex":2105,"chit":null},"text":"move 2105"}
T3	964	{"i":963,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	965	{"i":964,"side":"abwehr","action":{"verb":"activate","unit":"300","hex":null,"chit":null},"text":"activate 300"}
T3	966	{"i":965,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1619,"chit":null},"text":"move 1619"}
T3	967	{"i":966,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1519,"chit":null},"text":"move 1519"}
T3	968	{"i":967,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1518,"chit":null},"text":"move 1518"}
T3	969	{"i":968,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1418,"chit":null},"text":"move 1418"}
T3	970	{"i":969,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1419,"chit":null},"text":"move 1419"}
T3	971	{"i":970,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1319,"chit":null},"text":"move 1319"}
T3	972	{"i":971,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1320,"chit":null},"text":"move 1320"}
T3	973	{"i":972,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1219,"chit":null},"text":"move 1219"}
T3	974	{"i":973,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1218,"chit":null},"text":"move 1218"}
T3	975	{"i":974,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	976	{"i":975,"side":"ss","action":{"verb":"activate","unit":"013","hex":null,"chit":null},"text":"activate 013"}
T3	977	{"i":976,"side":"ss","action":{"verb":"move","unit":null,"hex":2620,"chit":null},"text":"move 2620"}
T3	978	{"i":977,"side":"ss","action":{"verb":"move","unit":null,"hex":2520,"chit":null},"text":"move 2520"}
T3	979	{"i":978,"side":"ss","action":{"verb":"move","unit":null,"hex":2519,"chit":null},"text":"move 2519"}
T3	980	{"i":979,"side":"ss","action":{"verb":"move","unit":null,"hex":2518,"chit":null},"text":"move 2518"}
T3	981	{"i":980,"side":"ss","action":{"verb":"move","unit":null,"hex":2417,"chit":null},"text":"move 2417"}
T3	982	{"i":981,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	983	{"i":982,"side":"abwehr","action":{"verb":"activate","unit":"302","hex":null,"chit":null},"text":"activate 302"}
T3	984	{"i":983,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1207,"chit":null},"text":"move 1207"}
T3	985	{"i":984,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1308,"chit":null},"text":"move 1308"}
T3	986	{"i":985,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1208,"chit":null},"text":"move 1208"}
T3	987	{"i":986,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1108,"chit":null},"text":"move 1108"}
T3	988	{"i":987,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1009,"chit":null},"text":"move 1009"}
T3	989	{"i":988,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1108,"chit":null},"text":"move 1108"}
T3	990	{"i":989,"side":"abwehr","action":{"verb":"move","unit":null,"hex":1009,"chit":null},"text":"move 1009"}
T3	991	{"i":990,"side":"abwehr","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	992	{"i":991,"side":"ss","action":{"verb":"activate","unit":"003","hex":null,"chit":null},"text":"activate 003"}
T3	993	{"i":992,"side":"ss","action":{"verb":"move","unit":null,"hex":2916,"chit":null},"text":"move 2916"}
T3	994	{"i":993,"side":"ss","action":{"verb":"move","unit":null,"hex":2817,"chit":null},"text":"move 2817"}
T3	995	{"i":994,"side":"ss","action":{"verb":"move","unit":null,"hex":2916,"chit":null},"text":"move 2916"}
T3	996	{"i":995,"side":"ss","action":{"verb":"move","unit":null,"hex":2915,"chit":null},"text":"move 2915"}
T3	997	{"i":996,"side":"ss","action":{"verb":"move","unit":null,"hex":2916,"chit":null},"text":"move 2916"}
T3	998	{"i":997,"side":"ss","action":{"verb":"move","unit":null,"hex":2917,"chit":null},"text":"move 2917"}
T3	999	{"i":998,"side":"ss","action":{"verb":"move","unit":null,"hex":3017,"chit":null},"text":"move 3017"}
T3	1000	{"i":999,"side":"ss","action":{"verb":"move","unit":null,"hex":3117,"chit":null},"text":"move 3117"}
T3	1001	{"i":1000,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	1002	{"i":1001,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	1003	{"i":1002,"side":"ss","action":{"verb":"activate","unit":"004","hex":null,"chit":null},"text":"activate 004"}
T3	1004	{"i":1003,"side":"ss","action":{"verb":"move","unit":null,"hex":2516,"chit":null},"text":"move 2516"}
T3	1005	{"i":1004,"side":"ss","action":{"verb":"move","unit":null,"hex":2415,"chit":null},"text":"move 2415"}
T3	1006	{"i":1005,"side":"ss","action":{"verb":"move","unit":null,"hex":2515,"chit":null},"text":"move 2515"}
T3	1007	{"i":1006,"side":"ss","action":{"verb":"move","unit":null,"hex":2514,"chit":null},"text":"move 2514"}
T3	1008	{"i":1007,"side":"ss","action":{"verb":"move","unit":null,"hex":2413,"chit":null},"text":"move 2413"}
T3	1009	{"i":1008,"side":"ss","action":{"verb":"move","unit":null,"hex":2514,"chit":null},"text":"move 2514"}
T3	1010	{"i":1009,"side":"ss","action":{"verb":"end","unit":null,"hex":null,"chit":null},"text":"end"}
T3	1011	{"i":1010,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	1012	{"i":1011,"side":"abwehr","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	1013	{"i":1012,"side":"ss","action":{"verb":"end-phase","unit":null,"hex":null,"chit":null},"text":"end-phase"}
T3	1014	{"end":{"winner":"allies","case":"18.73","reason":"after 6 Coup-Turns neither side has won: Germany collapses and the Allies win"},"i":1012}
\.


--
-- Data for Name: plot_schema; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.plot_schema (version) FROM stdin;
1
\.


--
-- Data for Name: plot_tables; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.plot_tables (id, number, meta, version, finished) FROM stdin;
T1	1	{"id": "T1", "code": "4N662V", "owners": {"ss": {"key": "password alice", "name": "alice"}, "abwehr": {"key": "SHA256:bobs-key", "name": "bob"}}, "record": "store:T1", "created": "2026-11-28T18:54:58+00:00", "version": 1}	2	f
T2	2	{"id": "T2", "code": "CPA6P9", "owners": {"abwehr": {"key": "SHA256:bobs-key", "name": "bob"}}, "record": "store:T2", "created": "2026-11-28T18:54:58+00:00", "version": 1}	1	f
T3	3	{"id": "T3", "code": "U27ZBR", "owners": {"ss": {"key": "SHA256:bobs-key", "name": "bob"}, "abwehr": {"key": "password alice", "name": "alice"}}, "record": "store:T3", "created": "2026-11-28T18:54:58+00:00", "version": 1}	2	t
\.


--
-- Name: plot_table_numbers; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.plot_table_numbers', 3, true);


--
-- Name: plot_lines plot_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.plot_lines
    ADD CONSTRAINT plot_lines_pkey PRIMARY KEY (table_id, line);


--
-- Name: plot_tables plot_tables_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.plot_tables
    ADD CONSTRAINT plot_tables_number_key UNIQUE (number);


--
-- Name: plot_tables plot_tables_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.plot_tables
    ADD CONSTRAINT plot_tables_pkey PRIMARY KEY (id);


--
-- Name: plot_lines plot_lines_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.plot_lines
    ADD CONSTRAINT plot_lines_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.plot_tables(id);


--
-- PostgreSQL database dump complete
--

\unrestrict PQc5afVEhbgm6eEInPfAxzlmAeN7Kb46f1G1LfrnjpHrdqeweumNKiRYmHXe9Wt


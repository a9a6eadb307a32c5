import com.cjmalloy.stratego.Settings;
import com.cjmalloy.stratego.player.AITest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Starts braathwaate/stratego's own headless player (AITest, the UCC "manager" line
 * protocol on stdin/stdout) for bench/outside_match.py, with a chosen time per move and
 * a setup taken from a file of human setups (the program's own setup files are binary
 * and not in the source index). Run it in an empty working directory: the program reads
 * ai.cfg there and writes its log, ai.out.
 *
 * Arguments: --level N (Settings.aiLevel: N*N*100 ms per move; default 1 = 0.1 s),
 * --setups FILE (one 40-character setup a line in Tablero's notation, back rank first,
 * F B S 2-9 X; lines starting with # are skipped), --seed S (which setup; default random).
 */
public class OutsideAI
{
	/** Setup letters in the order the program places its pieces (its tray order). */
	private static final String TRAY_ORDER = "FSX98765432B";

	public static void main(String[] args) throws IOException
	{
		int level = 1;
		String setups = null;
		long seed = new Random().nextLong();
		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
			case "--level": level = Integer.parseInt(args[++i]); break;
			case "--setups": setups = args[++i]; break;
			case "--seed": seed = Long.parseLong(args[++i]); break;
			default: throw new IllegalArgumentException("unknown argument " + args[i]);
			}
		}
		Settings.aiLevel = level;
		if (setups != null)
			writeSetup(Path.of(setups), new Random(seed));
		new AITest();
	}

	/** Writes ai.cfg and setup.stg (x, y bytes of each piece in tray order; y = 0 is
	 * the program's back row) for one human setup; as Blue it is the mirror image. */
	static void writeSetup(Path file, Random rng) throws IOException
	{
		List<String> lines = new ArrayList<>();
		for (String line : Files.readAllLines(file, StandardCharsets.UTF_8))
			if (line.length() == 40 && !line.startsWith("#"))
				lines.add(line);
		String setup = lines.get(rng.nextInt(lines.size()));
		byte[] stg = new byte[80];
		int n = 0;
		for (char letter : TRAY_ORDER.toCharArray())
			for (int k = 0; k < 40; k++)
				if (setup.charAt(k) == letter) {
					stg[n++] = (byte) (k % 10);
					stg[n++] = (byte) (k / 10);
				}
		if (n != 80)
			throw new IllegalArgumentException("not a classic army: " + setup);
		Files.write(Path.of("setup.stg"), stg);
		Files.write(Path.of("ai.cfg"), "setup.stg\n".getBytes(StandardCharsets.US_ASCII));
	}
}

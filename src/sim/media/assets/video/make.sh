#!/bin/sh
# Regenerates the simulator's video frames: for each ratio, a PNG still and an H.264 stream of
# two IDR pictures of it (Constrained Baseline, keyint 1, no SEI). src/sim/media/video-files.ts muxes
# them into MP4s of any duration. Needs ffmpeg with libx264 and the DejaVu fonts.
set -eu
cd "$(dirname "$0")"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
for spec in 16x9:320:180 9x16:180:320 1x1:320:320 4x3:320:240 3x4:240:320 21x9:320:138; do
  name=${spec%%:*}; rest=${spec#*:}; w=${rest%%:*}; h=${rest#*:}
  label=$(echo "$name" | sed 's/x/\\:/')
  fs=$((w / 13)); [ $fs -gt 24 ] && fs=24; [ $fs -gt $((h / 6)) ] && fs=$((h / 6))
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=0x1f2a44:s=${w}x${h}:d=1,format=rgb24" \
    -vf "drawbox=x=6:y=6:w=iw-12:h=ih-12:color=0x4f7cff:t=3,drawtext=fontfile=$FONT:text='STUDIO SIMULATOR':fontcolor=white:fontsize=$fs:x=(w-tw)/2:y=h/2-th-4,drawtext=fontfile=$FONT:text='$label ${w}x${h}':fontcolor=0xffd166:fontsize=$((fs * 3 / 4)):x=(w-tw)/2:y=h/2+6" \
    -frames:v 1 "$name.png"
  ffmpeg -hide_banner -loglevel error -y -loop 1 -i "$name.png" -frames:v 2 -r 1 -pix_fmt yuv420p -c:v libx264 \
    -profile:v baseline -preset veryslow -crf 28 -x264-params keyint=1:min-keyint=1:scenecut=0 \
    -bsf:v filter_units=remove_types=6 -fflags +bitexact -flags:v +bitexact "$name.h264"
done
